/// Reads an AIFF or AIFC file: walks its chunks, reads `COMM` (channels, sample frames, sample
/// size, the 80-bit sample rate and, in AIFC, the compression type) and `SSND`, and checks that
/// every chunk is whole and that `SSND` holds the frames `COMM` declares.
enum AIFFParser {
    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let header = try reader.bytes(at: 0, count: 12)
        guard header.count == 12 else {
            throw .truncated(structure: "FORM header", offset: 0, declaredEnd: 12, fileSize: reader.size)
        }
        let isAIFC = header.hasASCII("AIFC", at: 8)
        guard header.hasASCII("FORM", at: 0), isAIFC || header.hasASCII("AIFF", at: 8) else {
            throw .wrongFormat(expected: .aiff, found: "the file does not start with FORM ... AIFF/AIFC")
        }
        let formEnd = 8 + header.uint32BE(4)
        var common: [UInt8]?
        var commonOffset = 0
        var sound: (offset: Int, bytes: Int)?
        var offset = 12
        while offset < min(formEnd, reader.size) {
            try reader.visit()
            let chunkHeader = try reader.bytes(at: offset, count: 8)
            guard chunkHeader.count == 8 else {
                throw .truncated(
                    structure: "chunk header", offset: offset, declaredEnd: offset + 8, fileSize: reader.size)
            }
            let id = chunkHeader.fourCC(0)
            let size = chunkHeader.uint32BE(4)
            let end = offset + 8 + size
            guard end <= reader.size else {
                throw .truncated(structure: "'\(id)' chunk", offset: offset, declaredEnd: end, fileSize: reader.size)
            }
            switch id {
            case "COMM":
                guard size >= (isAIFC ? 22 : 18) else {
                    throw .invalid(structure: "'COMM' chunk", offset: offset, reason: "it is \(size) bytes, too short")
                }
                common = try reader.bytes(at: offset + 8, count: min(size, 64))
                commonOffset = offset
            case "SSND":
                guard size >= 8 else {
                    throw .invalid(structure: "'SSND' chunk", offset: offset, reason: "it is \(size) bytes, under 8")
                }
                let dataOffset = try reader.bytes(at: offset + 8, count: 4).uint32BE(0)
                guard dataOffset <= size - 8 else {
                    throw .invalid(
                        structure: "'SSND' chunk", offset: offset,
                        reason: "its data offset \(dataOffset) is past its end")
                }
                sound = (offset, size - 8 - dataOffset)
            default:
                break
            }
            offset = end + (size & 1)
        }
        if formEnd > reader.size {
            throw .truncated(structure: "FORM chunk", offset: 0, declaredEnd: formEnd, fileSize: reader.size)
        }
        guard let common else {
            throw .missing(structure: "'COMM' chunk", consequence: "the file does not say how its audio is coded")
        }
        let channels = common.uint16BE(0)
        let frames = common.uint32BE(2)
        let sampleSize = common.uint16BE(6)
        guard let rate = ExtendedFloat.value(common, at: 8), rate >= 1, rate < 1e7, channels > 0 else {
            throw .invalid(
                structure: "'COMM' chunk", offset: commonOffset,
                reason: "\(channels) channels at \(ExtendedFloat.value(common, at: 8).map { "\($0)" } ?? "no") Hz")
        }
        let compression = isAIFC ? common.fourCC(18) : "NONE"
        let codec = codecName(compression: compression, sampleSize: sampleSize)
        if frames > 0 {
            guard let sound else {
                throw .missing(structure: "'SSND' chunk", consequence: "the file has no sound data")
            }
            if let bytesPerFrame = bytesPerFrame(compression: compression, sampleSize: sampleSize, channels: channels),
                sound.bytes / bytesPerFrame < frames
            {
                throw .invalid(
                    structure: "'SSND' chunk", offset: sound.offset,
                    reason: "it holds \(sound.bytes / bytesPerFrame) sample frames, 'COMM' declares \(frames)")
            }
        }

        var facts = MediaFacts(format: .aiff)
        facts.hasAudio = true
        facts.sampleRate = Int(rate.rounded())
        facts.channels = channels
        facts.codec = codec
        facts.audioCodec = codec
        facts.codecTag = compression
        facts.bitsPerSample = sampleSize > 0 ? sampleSize : nil
        facts.variant = isAIFC ? "AIFC" : "AIFF"
        // IMA4 counts packets of 64 samples in numSampleFrames.
        facts.duration = Double(frames * (compression.lowercased() == "ima4" ? 64 : 1)) / rate
        return facts
    }

    /// ffprobe's codec name for an AIFC compression type (AIFF is `NONE`).
    static func codecName(compression: String, sampleSize: Int) -> String? {
        switch compression {
        case "NONE", "twos":
            switch sampleSize {
            case 1...8: "pcm_s8"
            case 9...16: "pcm_s16be"
            case 17...24: "pcm_s24be"
            case 25...32: "pcm_s32be"
            default: nil
            }
        case "sowt":
            switch sampleSize {
            case 1...8: "pcm_s8"
            case 9...16: "pcm_s16le"
            case 17...24: "pcm_s24le"
            default: "pcm_s32le"
            }
        case "fl32", "FL32": "pcm_f32be"
        case "fl64", "FL64": "pcm_f64be"
        case "in24": "pcm_s24be"
        case "in32": "pcm_s32be"
        case "raw ": "pcm_u8"
        case "alaw", "ALAW": "pcm_alaw"
        case "ulaw", "ULAW": "pcm_mulaw"
        case "ima4": "adpcm_ima_qt"
        case "MAC3": "mace3"
        case "MAC6": "mace6"
        case "GSM ": "gsm"
        case "QDM2": "qdm2"
        default: nil
        }
    }

    /// Bytes per sample frame of an uncompressed compression type; nil for compressed audio.
    static func bytesPerFrame(compression: String, sampleSize: Int, channels: Int) -> Int? {
        let bytesPerSample: Int
        switch compression {
        case "NONE", "twos", "sowt": bytesPerSample = (max(1, min(sampleSize, 32)) + 7) / 8
        case "fl32", "FL32", "in32": bytesPerSample = 4
        case "fl64", "FL64": bytesPerSample = 8
        case "in24": bytesPerSample = 3
        case "raw ", "alaw", "ALAW", "ulaw", "ULAW": bytesPerSample = 1
        default: return nil
        }
        return bytesPerSample * channels
    }
}
