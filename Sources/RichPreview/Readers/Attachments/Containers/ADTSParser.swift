/// Reads a raw AAC stream of ADTS frames: walks the frames to count their 1024-sample blocks and
/// to check that the last frame is whole. ADTS declares no total, so a file that ends on a frame
/// boundary is whole and its duration is the frames present.
enum ADTSParser {
    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let regions = try AudioTagRegions.locate(reader)
        switch try MPEGAudioParser.findFirstFrame(reader, regions: regions) {
        case .adts(let offset):
            return try parse(reader, regions: regions, firstFrame: offset)
        case .mpeg(let offset, _):
            throw .wrongFormat(expected: .aac, found: "an MPEG audio frame, not ADTS, at byte \(offset)")
        }
    }

    /// Walks the frames from `firstFrame`, where `MPEGAudioParser.findFirstFrame` found a header.
    static func parse(_ reader: ContainerReader, regions: AudioTagRegions, firstFrame: Int) throws(ContainerError)
        -> MediaFacts
    {
        guard let first = ADTSFrameHeader(try reader.bytes(at: firstFrame, count: 9)) else {
            throw .noFrameHeader(offset: firstFrame, searched: 0)
        }
        if regions.audioEnd - firstFrame > reader.limits.maxFrameWalkBytes {
            throw .overLimit(what: "ADTS stream size, in bytes", limit: reader.limits.maxFrameWalkBytes)
        }
        let walk = try AudioFrameWalker.walk(
            reader, from: firstFrame, to: regions.audioEnd, headerLength: 7, name: "ADTS frame"
        ) { bytes in
            guard let header = ADTSFrameHeader(bytes), header.isCompatible(with: first) else { return nil }
            return AudioFrameWalker.Frame(
                length: header.length, samples: header.blocks * 1024,
                bitRate: header.length * 8 * header.sampleRate / (header.blocks * 1024))
        }
        try AudioTagRegions.checkTrailer(reader, from: walk.end, to: regions.audioEnd, headerLength: 7)
        guard walk.frames > 0 else {
            throw .missing(structure: "ADTS frame", consequence: "the stream holds no whole frame")
        }
        var facts = MediaFacts(format: .aac)
        facts.hasAudio = true
        facts.codec = "aac"
        facts.audioCodec = "aac"
        facts.sampleRate = first.sampleRate
        facts.channels = first.channels
        facts.variant = first.profileName
        facts.duration = Double(walk.samples) / Double(first.sampleRate)
        return facts
    }
}
