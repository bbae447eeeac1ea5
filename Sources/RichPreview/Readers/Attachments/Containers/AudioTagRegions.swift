/// Where the frames of an MPEG audio or ADTS file lie: after its leading ID3v2 tags and before its
/// trailing APEv2, Lyrics3 v2 and ID3v1 tags, none of which are frames.
struct AudioTagRegions {
    /// Most ID3v2 tags accepted back to back at the start, and tags at the end.
    static let maxTags = 16

    /// First byte after the leading tags.
    var audioStart: Int
    /// First byte of the trailing tags (the file's end when there are none).
    var audioEnd: Int

    /// Finds the tag regions of the file `reader` reads.
    /// - Throws: `.truncated` for an ID3v2 tag whose size runs past the end, `.invalid` for a size
    ///   that is not syncsafe or an end tag whose size runs before the audio.
    static func locate(_ reader: ContainerReader) throws(ContainerError) -> AudioTagRegions {
        var start = 0
        for _ in 0..<maxTags {
            let header = try reader.bytes(at: start, count: 10)
            guard header.hasASCII("ID3", at: 0) else { break }
            guard header.count == 10 else {
                throw .truncated(
                    structure: "ID3v2 tag header", offset: start, declaredEnd: start + 10, fileSize: reader.size)
            }
            let sizeBytes = header[6..<10]
            guard sizeBytes.allSatisfy({ $0 < 0x80 }), header[3] != 0xFF else {
                throw .invalid(
                    structure: "ID3v2 tag", offset: start, reason: "its size bytes are not syncsafe (each under 0x80)")
            }
            let size = sizeBytes.reduce(0) { $0 << 7 | Int($1) }
            let hasFooter = header[3] >= 4 && header[5] & 0x10 != 0
            let end = start + 10 + size + (hasFooter ? 10 : 0)
            guard end <= reader.size else {
                throw .truncated(structure: "ID3v2 tag", offset: start, declaredEnd: end, fileSize: reader.size)
            }
            start = end
        }
        var end = reader.size
        for _ in 0..<maxTags {
            if end - 128 >= start, try reader.bytes(at: end - 128, count: 3).hasASCII("TAG", at: 0) {
                end -= 128
                if end - 227 >= start, try reader.bytes(at: end - 227, count: 4).hasASCII("TAG+", at: 0) { end -= 227 }
            } else if end - 32 >= start, case let footer = try reader.bytes(at: end - 32, count: 32),
                footer.hasASCII("APETAGEX", at: 0)
            {
                let total = footer.uint32LE(12) + (footer.uint32LE(20) & 0x8000_0000 != 0 ? 32 : 0)
                guard total >= 32, end - total >= start else {
                    throw .invalid(
                        structure: "APE tag", offset: end - 32,
                        reason: "its size (\(total) bytes) runs before the audio")
                }
                end -= total
            } else if end - 15 >= start, case let footer = try reader.bytes(at: end - 15, count: 15),
                footer.hasASCII("LYRICS200", at: 6)
            {
                let digits = footer[0..<6]
                guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    throw .invalid(structure: "Lyrics3 tag", offset: end - 15, reason: "its size is not six digits")
                }
                let total = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } + 15
                guard end - total >= start else {
                    throw .invalid(structure: "Lyrics3 tag", offset: end - 15, reason: "its size runs before the audio")
                }
                end -= total
            } else {
                break
            }
        }
        return AudioTagRegions(audioStart: start, audioEnd: end)
    }

    /// Checks the bytes between the last whole frame (`offset`) and `audioEnd`: a frame header (of
    /// `headerLength` bytes), an
    /// APEv2 tag or an ID3v1 tag begun there but cut short by the end of the file is a truncation;
    /// anything else is trailing padding, ignored.
    static func checkTrailer(
        _ reader: ContainerReader, from offset: Int, to audioEnd: Int, headerLength: Int
    ) throws(ContainerError) {
        var position = offset
        for _ in 0..<maxTags where position < audioEnd {
            let remaining = audioEnd - position
            let head = try reader.bytes(at: position, count: min(remaining, 32))
            guard !head.isEmpty else { return }
            func startsLike(_ text: String) -> Bool {
                let expected = Array(text.utf8)
                let shared = min(head.count, expected.count)
                return shared > 0 && head[0..<shared].elementsEqual(expected[0..<shared])
            }
            if startsLike("APETAGEX") {
                guard head.count == 32 else {
                    throw .truncated(
                        structure: "APE tag header", offset: position, declaredEnd: position + 32, fileSize: reader.size
                    )
                }
                let end = position + 32 + head.uint32LE(12)
                guard end <= audioEnd else {
                    throw .truncated(structure: "APE tag", offset: position, declaredEnd: end, fileSize: reader.size)
                }
                position = end
            } else if startsLike("TAG") {
                guard remaining >= 128 else {
                    throw .truncated(
                        structure: "ID3v1 tag", offset: position, declaredEnd: position + 128, fileSize: reader.size)
                }
                position += 128
            } else if head[0] == 0xFF, remaining < headerLength {
                throw .truncated(
                    structure: "audio frame header", offset: position, declaredEnd: position + headerLength,
                    fileSize: reader.size)
            } else {
                return
            }
        }
    }
}
