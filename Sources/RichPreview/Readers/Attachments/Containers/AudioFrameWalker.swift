/// Walks consecutive audio frames (MPEG audio or ADTS) from one offset to the end of the audio,
/// counting them, and says where the walk stopped.
struct AudioFrameWalker {
    /// One frame as the header parser sees it.
    struct Frame {
        var length: Int
        var samples: Int
        var bitRate: Int
    }

    /// What the walk found.
    struct Result {
        var frames = 0
        var samples = 0
        /// Where the walk stopped: the end of the last whole frame.
        var end = 0
        var bitRates: Set<Int> = []
    }

    /// Walks frames from `start` to `audioEnd`; `parse` reads a frame header from `headerLength`
    /// bytes (nil stops the walk: padding or something not a frame of this stream).
    /// - Throws: `.truncated` for a frame cut by the end of the file, `.invalid` for a frame that runs
    ///   into the tags at the end, `.overLimit` past `maxFrames`.
    static func walk(
        _ reader: ContainerReader, from start: Int, to audioEnd: Int, headerLength: Int, name: String,
        parse: ([UInt8]) -> Frame?
    ) throws(ContainerError) -> Result {
        var result = Result(end: start)
        var position = start
        while audioEnd - position >= headerLength {
            guard let frame = parse(try reader.bytes(at: position, count: headerLength)) else { break }
            let end = position + frame.length
            guard end <= audioEnd else {
                if audioEnd == reader.size {
                    throw .truncated(structure: name, offset: position, declaredEnd: end, fileSize: reader.size)
                }
                throw .invalid(
                    structure: name, offset: position, reason: "it runs into the tags at the end of the file")
            }
            result.frames += 1
            guard result.frames <= reader.limits.maxFrames else {
                throw .overLimit(what: "number of audio frames", limit: reader.limits.maxFrames)
            }
            result.samples += frame.samples
            result.bitRates.insert(frame.bitRate)
            position = end
        }
        result.end = position
        return result
    }
}
