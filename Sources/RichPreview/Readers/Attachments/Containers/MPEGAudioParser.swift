/// Reads an MPEG audio file (MP3, and layers I and II): skips ID3v2 tags by their syncsafe size,
/// finds the first frame, reads a Xing/Info or VBRI header for the declared frame count, and walks
/// the frames to count them and check that the last one is whole — unless the header's byte count
/// ends exactly at the end of the audio, which already shows the file whole. Trailing ID3v1, APEv2 and
/// Lyrics3 tags are not frames. Without a Xing/VBRI count the stream has no declared total, so a
/// file that ends on a frame boundary is whole and its duration is the frames present.
///
/// An ADTS stream behind an ID3 tag is handed to `ADTSParser` and reported as `aac`.
enum MPEGAudioParser {
    /// The frame count and byte count a Xing/Info or VBRI header declares.
    struct DeclaredTotals {
        var tag: String
        var frames: Int?
        var bytes: Int?
    }

    /// Where the audio starts, as found by `findFirstFrame`.
    enum FirstFrame {
        case mpeg(offset: Int, header: MPEGAudioFrameHeader)
        case adts(offset: Int)
    }

    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let regions = try AudioTagRegions.locate(reader)
        let first: (offset: Int, header: MPEGAudioFrameHeader)
        switch try findFirstFrame(reader, regions: regions) {
        case .adts(let offset): return try ADTSParser.parse(reader, regions: regions, firstFrame: offset)
        case .mpeg(let offset, let header): first = (offset, header)
        }
        let firstBytes = try reader.bytes(at: first.offset, count: min(first.header.length, 192))
        let declared = declaredTotals(firstBytes, header: first.header)
        let audioStart = declared == nil ? first.offset : first.offset + first.header.length
        let span = regions.audioEnd - audioStart

        var facts = MediaFacts(format: .mp3)
        facts.hasAudio = true
        facts.codec = first.header.codecName
        facts.audioCodec = first.header.codecName
        facts.sampleRate = first.header.sampleRate
        facts.channels = first.header.channels
        facts.variant = first.header.variantName
        let secondsPerFrame = Double(first.header.samplesPerFrame) / Double(first.header.sampleRate)

        // A Xing/Info or VBRI header whose byte count ends exactly where the audio ends accounts
        // for every byte: its frame count is the duration, and walking thousands of frames would
        // only confirm it. A cut file no longer ends there and is walked, which finds the cut.
        if let declared, let frames = declared.frames, frames > 0, let bytes = declared.bytes,
            first.offset + bytes == regions.audioEnd
        {
            facts.duration = Double(frames) * secondsPerFrame
            facts.isVBR = declared.tag != "Info"
            return facts
        }

        if span > reader.limits.maxFrameWalkBytes {
            guard let frames = declared?.frames else {
                throw .overLimit(
                    what: "MPEG audio stream without a Xing or VBRI header, in bytes",
                    limit: reader.limits.maxFrameWalkBytes)
            }
            if let bytes = declared?.bytes, first.offset + bytes > reader.size {
                throw .truncated(
                    structure: "MPEG audio stream", offset: first.offset, declaredEnd: first.offset + bytes,
                    fileSize: reader.size)
            }
            facts.duration = Double(frames) * secondsPerFrame
            facts.isVBR = declared?.tag != "Info"
            return facts
        }

        let walk = try AudioFrameWalker.walk(
            reader, from: audioStart, to: regions.audioEnd, headerLength: 4, name: "MPEG audio frame"
        ) { bytes in
            guard let header = MPEGAudioFrameHeader(bytes), header.isCompatible(with: first.header) else { return nil }
            return AudioFrameWalker.Frame(
                length: header.length, samples: header.samplesPerFrame, bitRate: header.bitRate)
        }
        try AudioTagRegions.checkTrailer(reader, from: walk.end, to: regions.audioEnd, headerLength: 4)
        if let declaredFrames = declared?.frames, walk.frames < declaredFrames {
            throw .truncated(
                structure:
                    "MPEG audio stream (the \(declared?.tag ?? "") header declares \(declaredFrames) frames, \(walk.frames) are present)",
                offset: walk.end, declaredEnd: nil, fileSize: reader.size)
        }
        guard walk.frames > 0 || declared?.frames == 0 else {
            throw .missing(structure: "MPEG audio frame", consequence: "the stream holds no whole frame")
        }
        let frames = declared?.frames ?? walk.frames
        facts.duration = Double(frames) * secondsPerFrame
        facts.isVBR = declared.map { $0.tag != "Info" } ?? (walk.bitRates.count > 1)
        return facts
    }

    /// The first frame: the first offset after the ID3v2 tags, within `maxSyncSearchBytes`, holding a
    /// frame header that the next frame's header confirms (or whose frame reaches the end of the
    /// audio, or that sits right where the audio starts).
    /// - Throws: `.noFrameHeader` when none is found.
    static func findFirstFrame(_ reader: ContainerReader, regions: AudioTagRegions) throws(ContainerError) -> FirstFrame
    {
        let searched = min(reader.limits.maxSyncSearchBytes, regions.audioEnd - regions.audioStart)
        let window = try reader.bytes(at: regions.audioStart, count: searched + 8)
        var index = 0
        while index < min(searched, window.count) {
            defer { index += 1 }
            guard window[index] == 0xFF else { continue }
            let offset = regions.audioStart + index
            if let header = MPEGAudioFrameHeader(window, at: index) {
                if try isConfirmed(
                    reader, next: offset + header.length, regions: regions, atStart: index == 0,
                    matches: {
                        MPEGAudioFrameHeader($0).map { $0.isCompatible(with: header) } ?? false
                    })
                {
                    return .mpeg(offset: offset, header: header)
                }
            } else if let header = ADTSFrameHeader(window, at: index) {
                if try isConfirmed(
                    reader, next: offset + header.length, regions: regions, atStart: index == 0,
                    matches: {
                        ADTSFrameHeader($0).map { $0.isCompatible(with: header) } ?? false
                    })
                {
                    return .adts(offset: offset)
                }
            }
        }
        throw .noFrameHeader(offset: regions.audioStart, searched: searched)
    }

    /// True when the frame ending at `next` is followed by a matching header, or by the end of the
    /// audio, or (when the frame is where the audio starts) by the end of the file or a cut header,
    /// which the frame walk then reports.
    private static func isConfirmed(
        _ reader: ContainerReader, next: Int, regions: AudioTagRegions, atStart: Bool,
        matches: ([UInt8]) -> Bool
    ) throws(ContainerError) -> Bool {
        if next == regions.audioEnd { return true }
        if next > regions.audioEnd { return atStart }
        let following = try reader.bytes(at: next, count: min(9, regions.audioEnd - next))
        if following.count < 9 && following.first == 0xFF {
            return atStart || following.count >= 4 && matches(following)
        }
        return matches(following)
    }

    /// The Xing/Info header after the side information of the first frame, or the VBRI header 32
    /// bytes after its header; nil when there is neither.
    static func declaredTotals(_ frame: [UInt8], header: MPEGAudioFrameHeader) -> DeclaredTotals? {
        let xing = header.xingOffset
        if frame.hasASCII("Xing", at: xing) || frame.hasASCII("Info", at: xing) {
            var totals = DeclaredTotals(tag: frame.fourCC(xing))
            let flags = frame.uint32BE(xing + 4)
            var field = xing + 8
            if flags & 1 != 0, frame.count >= field + 4 {
                totals.frames = frame.uint32BE(field)
                field += 4
            }
            if flags & 2 != 0, frame.count >= field + 4 { totals.bytes = frame.uint32BE(field) }
            return totals
        }
        if frame.hasASCII("VBRI", at: 36), frame.uint16BE(40) == 1, frame.count >= 54 {
            return DeclaredTotals(tag: "VBRI", frames: frame.uint32BE(50), bytes: frame.uint32BE(46))
        }
        return nil
    }
}
