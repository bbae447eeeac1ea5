/// Reads a Core Audio Format file: walks its chunks (64-bit sizes; a `data` size of -1 runs to the
/// end of the file), reads the `desc` audio description and, for variable-size packets, the `pakt`
/// packet table, whose packet sizes must fit in the `data` chunk.
///
/// Duration is `pakt`'s valid frame count when there is a `pakt`, otherwise the `data` chunk's
/// whole packets times the frames per packet.
enum CAFParser {
    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let header = try reader.bytes(at: 0, count: 8)
        guard header.count == 8 else {
            throw .truncated(structure: "CAF file header", offset: 0, declaredEnd: 8, fileSize: reader.size)
        }
        guard header.hasASCII("caff", at: 0), header.uint16BE(4) == 1 else {
            throw .wrongFormat(expected: .caf, found: "the file does not start with 'caff', version 1")
        }
        var description: [UInt8]?
        var descriptionOffset = 0
        var packetTable: (offset: Int, size: Int)?
        var data: (offset: Int, size: Int, toEnd: Bool)?
        var offset = 8
        while offset < reader.size {
            try reader.visit()
            let chunkHeader = try reader.bytes(at: offset, count: 12)
            guard chunkHeader.count == 12 else {
                throw .truncated(
                    structure: "chunk header", offset: offset, declaredEnd: offset + 12, fileSize: reader.size)
            }
            let type = chunkHeader.fourCC(0)
            let rawSize = Int64(bitPattern: chunkHeader.uint64BE(4))
            let toEnd = rawSize == -1 && type == "data"
            guard toEnd || (0...Int64(Int.max / 2)).contains(rawSize) else {
                throw .invalid(
                    structure: "'\(type)' chunk", offset: offset, reason: "its size \(rawSize) is impossible")
            }
            let size = toEnd ? reader.size - offset - 12 : Int(rawSize)
            let end = offset + 12 + size
            guard end <= reader.size else {
                throw .truncated(structure: "'\(type)' chunk", offset: offset, declaredEnd: end, fileSize: reader.size)
            }
            switch type {
            case "desc":
                guard size >= 32 else {
                    throw .invalid(structure: "'desc' chunk", offset: offset, reason: "it is \(size) bytes, under 32")
                }
                description = try reader.bytes(at: offset + 12, count: 32)
                descriptionOffset = offset
            case "pakt":
                guard size >= 24 else {
                    throw .invalid(structure: "'pakt' chunk", offset: offset, reason: "it is \(size) bytes, under 24")
                }
                packetTable = (offset, size)
            case "data":
                guard size >= 4 else {
                    throw .invalid(structure: "'data' chunk", offset: offset, reason: "it is \(size) bytes, under 4")
                }
                data = (offset, size - 4, toEnd)
            default:
                break
            }
            offset = end
        }
        guard let description else {
            throw .missing(structure: "'desc' chunk", consequence: "the file does not say how its audio is coded")
        }
        guard let data else { throw .missing(structure: "'data' chunk", consequence: "the file has no audio data") }
        let rate = description.float64BE(0)
        let formatID = description.fourCC(8)
        let flags = description.uint32BE(12)
        let bytesPerPacket = description.uint32BE(16)
        let framesPerPacket = description.uint32BE(20)
        let channels = description.uint32BE(24)
        let bits = description.uint32BE(28)
        guard rate.isFinite, rate >= 1, rate < 1e7, channels > 0 else {
            throw .invalid(
                structure: "'desc' chunk", offset: descriptionOffset, reason: "\(channels) channels at \(rate) Hz")
        }

        var facts = MediaFacts(format: .caf)
        facts.hasAudio = true
        facts.sampleRate = Int(rate.rounded())
        facts.channels = channels
        facts.codec = codecName(formatID: formatID, flags: flags, bits: bits)
        facts.audioCodec = facts.codec
        facts.codecTag = formatID
        facts.bitsPerSample = bits > 0 ? bits : nil
        if let packetTable {
            let table = try packetTableTotals(
                reader, at: packetTable.offset, size: packetTable.size, hasSizes: bytesPerPacket == 0,
                hasFrameCounts: framesPerPacket == 0)
            if bytesPerPacket == 0, table.packetBytes > data.size {
                throw .truncated(
                    structure: "'data' chunk (its packet table needs \(table.packetBytes) bytes)",
                    offset: data.offset, declaredEnd: data.offset + 16 + table.packetBytes, fileSize: reader.size)
            }
            facts.duration = Double(table.validFrames) / rate
        } else if bytesPerPacket > 0, framesPerPacket > 0 {
            facts.duration = Double(data.size / bytesPerPacket) * Double(framesPerPacket) / rate
        } else {
            throw .missing(
                structure: "'pakt' chunk", consequence: "the packets of variable-size audio cannot be found")
        }
        return facts
    }

    /// The valid frame count of the `pakt` chunk at `offset` and the sum of the packet sizes it lists
    /// (0 when it lists none). Each entry holds a packet's size when `hasSizes` and its frame count
    /// when `hasFrameCounts`, as variable-length integers.
    private static func packetTableTotals(
        _ reader: ContainerReader, at offset: Int, size: Int, hasSizes: Bool, hasFrameCounts: Bool
    ) throws(ContainerError) -> (validFrames: Int, packetBytes: Int) {
        guard size <= reader.limits.maxHeaderBytes else {
            throw .overLimit(what: "'pakt' chunk size", limit: reader.limits.maxHeaderBytes)
        }
        let table = try reader.large(at: offset + 12, count: size)
        let packets = Int64(bitPattern: table.uint64BE(0))
        let validFrames = Int64(bitPattern: table.uint64BE(8))
        guard packets >= 0, validFrames >= 0, validFrames <= Int64(Int32.max) * 1024 else {
            throw .invalid(structure: "'pakt' chunk", offset: offset, reason: "negative or impossible counts")
        }
        let fieldsPerEntry = (hasSizes ? 1 : 0) + (hasFrameCounts ? 1 : 0)
        guard fieldsPerEntry > 0, table.count > 24 else { return (Int(validFrames), 0) }
        // Each field is at least one byte, so more entries than bytes is impossible.
        guard packets * Int64(fieldsPerEntry) <= Int64(table.count - 24) else {
            throw .invalid(
                structure: "'pakt' chunk", offset: offset, reason: "it declares \(packets) packets in \(size) bytes")
        }
        var position = 24
        var total = 0
        for _ in 0..<packets {
            for field in 0..<fieldsPerEntry {
                var value = 0
                var length = 0
                while true {
                    guard position < table.count, length < 5 else {
                        throw .invalid(
                            structure: "'pakt' chunk", offset: offset, reason: "a packet entry is cut or too long")
                    }
                    let byte = Int(table[position])
                    value = value << 7 | byte & 0x7F
                    position += 1
                    length += 1
                    if byte & 0x80 == 0 { break }
                }
                if hasSizes && field == 0 { total += value }
            }
        }
        return (Int(validFrames), total)
    }

    /// ffprobe's codec name for a CAF format ID.
    static func codecName(formatID: String, flags: Int, bits: Int) -> String? {
        switch formatID {
        case "lpcm":
            let isFloat = flags & 1 != 0, littleEndian = flags & 2 != 0
            if isFloat {
                return bits == 64
                    ? (littleEndian ? "pcm_f64le" : "pcm_f64be") : (littleEndian ? "pcm_f32le" : "pcm_f32be")
            }
            guard [8, 16, 24, 32].contains(bits) else { return nil }
            return bits == 8 ? "pcm_s8" : "pcm_s\(bits)\(littleEndian ? "le" : "be")"
        case "aac ": return "aac"
        case "alac": return "alac"
        case "ima4": return "adpcm_ima_qt"
        case ".mp3": return "mp3"
        case ".mp2": return "mp2"
        case "ulaw": return "pcm_mulaw"
        case "alaw": return "pcm_alaw"
        case "opus": return "opus"
        case "flac": return "flac"
        case "ac-3": return "ac3"
        case "samr": return "amr_nb"
        default: return nil
        }
    }
}
