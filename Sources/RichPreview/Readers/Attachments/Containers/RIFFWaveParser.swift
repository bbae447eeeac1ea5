/// Reads a WAV file (RIFF or RF64 `WAVE`): walks its chunks, reads `fmt ` (including
/// `WAVE_FORMAT_EXTENSIBLE`), `fact` and `ds64`, and checks that every chunk is whole.
///
/// A streaming writer that cannot seek back leaves the RIFF and `data` sizes at 0xFFFFFFFF (or
/// `data` at 0): such a `data` chunk runs to the end of the file and is not a truncation. A `data`
/// size of 0 counts as unset only when what follows is not another chunk.
enum RIFFWaveParser {
    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let header = try reader.bytes(at: 0, count: 12)
        guard header.count == 12 else {
            throw .truncated(structure: "RIFF header", offset: 0, declaredEnd: 12, fileSize: reader.size)
        }
        let isRF64 = header.hasASCII("RF64", at: 0)
        guard header.hasASCII("RIFF", at: 0) || isRF64, header.hasASCII("WAVE", at: 8) else {
            throw .wrongFormat(expected: .wav, found: "the file does not start with RIFF/RF64 ... WAVE")
        }
        let declaredSize = header.uint32LE(4)
        // RF64 always leaves the RIFF size at 0xFFFFFFFF; its real size is in the `ds64` chunk.
        var streamed = !isRF64 && (declaredSize == 0 || declaredSize == 0xFFFF_FFFF)
        var riffEnd = streamed || isRF64 ? reader.size : 8 + declaredSize

        var format: WaveFormat?
        var formatOffset = 0
        var factSamples: Int?
        var data: (offset: Int, size: Int)?
        var ds64DataSize: Int?
        var offset = 12
        while offset < (data != nil && format != nil ? min(riffEnd, reader.size) : reader.size) {
            try reader.visit()
            let chunkHeader = try reader.bytes(at: offset, count: 8)
            if chunkHeader.count < 8 {
                if offset >= riffEnd { break }
                throw .truncated(
                    structure: "chunk header", offset: offset, declaredEnd: offset + 8, fileSize: reader.size)
            }
            let id = chunkHeader.fourCC(0)
            var size = chunkHeader.uint32LE(4)
            if offset >= riffEnd && !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " ") }) {
                break
            }
            if id == "data" {
                if isRF64, size == 0xFFFF_FFFF, let ds64DataSize { size = ds64DataSize }
                var unset = size == 0xFFFF_FFFF
                if size == 0 { unset = try !isChunkHeader(reader, at: offset + 8) }
                if unset {
                    size = reader.size - offset - 8
                    streamed = true
                    riffEnd = max(riffEnd, reader.size)
                }
            }
            let end = offset + 8 + size
            guard end <= reader.size else {
                throw .truncated(structure: "'\(id)' chunk", offset: offset, declaredEnd: end, fileSize: reader.size)
            }
            switch id {
            case "fmt ":
                guard size >= 16 else {
                    throw .invalid(structure: "'fmt ' chunk", offset: offset, reason: "it is \(size) bytes, under 16")
                }
                format = WaveFormat(try reader.bytes(at: offset + 8, count: min(size, 64)))
                formatOffset = offset
            case "fact" where size >= 4:
                factSamples = try reader.bytes(at: offset + 8, count: 4).uint32LE(0)
            case "ds64" where isRF64:
                let ds64 = try reader.exactly(at: offset + 8, count: 24, for: "'ds64' chunk")
                let riffSize = ds64.uint64LE(0), dataSize = ds64.uint64LE(8)
                guard riffSize <= UInt64(Int.max / 2), dataSize <= UInt64(Int.max / 2) else {
                    throw .invalid(
                        structure: "'ds64' chunk", offset: offset, reason: "its sizes are larger than any file")
                }
                riffEnd = 8 + Int(riffSize)
                ds64DataSize = Int(dataSize)
            case "data":
                if data == nil { data = (offset + 8, size) }
            default:
                break
            }
            offset = end + (size & 1)
        }
        if riffEnd > reader.size {
            throw .truncated(structure: "RIFF chunk", offset: 0, declaredEnd: riffEnd, fileSize: reader.size)
        }
        guard let format else {
            throw .missing(structure: "'fmt ' chunk", consequence: "the file does not say how its audio is coded")
        }
        guard let data else { throw .missing(structure: "'data' chunk", consequence: "the file has no audio data") }
        guard format.channels > 0, format.sampleRate > 0 else {
            throw .invalid(
                structure: "'fmt ' chunk", offset: formatOffset,
                reason: "\(format.channels) channels at \(format.sampleRate) Hz")
        }
        guard format.blockAlign > 0 || !format.isPCM else {
            throw .invalid(structure: "'fmt ' chunk", offset: formatOffset, reason: "its block size is 0")
        }

        var facts = MediaFacts(format: .wav)
        facts.hasAudio = true
        facts.sampleRate = format.sampleRate
        facts.channels = format.channels
        facts.codec = format.codecName
        facts.audioCodec = format.codecName
        facts.codecTag = format.tagText
        facts.bitsPerSample = format.bitsPerSample > 0 ? format.bitsPerSample : nil
        facts.variant = [
            isRF64 ? "RF64" : "RIFF", format.isExtensible ? "extensible" : nil, streamed ? "streamed" : nil,
        ]
        .compactMap { $0 }.joined(separator: ", ")
        if format.isPCM {
            facts.duration = Double(data.size / format.blockAlign) / Double(format.sampleRate)
        } else if let factSamples {
            facts.duration = Double(factSamples) / Double(format.sampleRate)
        } else if format.byteRate > 0 {
            facts.duration = Double(data.size) / Double(format.byteRate)
        }
        return facts
    }

    /// True when the 8 bytes at `offset` look like a chunk header (a printable ASCII id).
    private static func isChunkHeader(_ reader: ContainerReader, at offset: Int) throws(ContainerError) -> Bool {
        let bytes = try reader.bytes(at: offset, count: 8)
        return bytes.count == 8 && bytes[0..<4].allSatisfy { (0x20...0x7E).contains($0) }
    }
}
