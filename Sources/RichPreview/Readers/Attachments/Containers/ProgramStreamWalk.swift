/// The packets of one stretch of an MPEG-1 system stream or MPEG-2 program stream: pack headers
/// (both forms), system headers, end codes and PES packets, with each audio and video stream's
/// payload gathered into one buffer and its time stamps kept with where they fall in it.
struct ProgramStreamWalk {
    /// A PES packet's place in its stream's buffer and its time stamps (90 kHz ticks, 33 bits).
    struct Segment {
        var offset: Int
        var presentation: Int64?
        var decoding: Int64?
    }

    /// One stream's payload bytes and PES segments.
    struct Stream {
        var bytes: [UInt8] = []
        var segments: [Segment] = []
    }

    var streams: [UInt8: Stream] = [:]
    /// Stream ids in the order their first packet appears.
    var order: [UInt8] = []
    /// The first payload byte of private stream 1 (DVD sub-stream id), when there is one.
    var privateSubstream: UInt8?
    var firstClockReference: Int64?
    var lastClockReference: Int64?
    var isMPEG2 = false
    /// Where the walk stopped (index into the walked bytes).
    var end = 0

    /// Walks `bytes` (file offset `base` + index) from `start`. With `mustReachEnd`, a structure cut
    /// by the end of `bytes` is a truncation (the bytes run to the end of the file) and up to the end
    /// only zero padding may follow the last packet; without it, the walk stops before a cut structure.
    /// - Throws: `.truncated`, `.invalid` for bytes that are not a start code where one belongs or a
    ///   malformed header, `.overLimit` past the structure count.
    init(
        _ bytes: [UInt8], base: Int, from start: Int, fileSize: Int, mustReachEnd: Bool, reader: ContainerReader
    ) throws(ContainerError) {
        var position = start
        walk: while position < bytes.count {
            let remaining = bytes.count - position
            let absolute = base + position
            func cut(_ structure: String, length: Int) throws(ContainerError) -> Bool {
                guard remaining < length else { return false }
                if mustReachEnd {
                    throw .truncated(
                        structure: structure, offset: absolute, declaredEnd: absolute + length, fileSize: fileSize)
                }
                return true
            }
            let isStartCode =
                remaining >= 4 && bytes[position] == 0 && bytes[position + 1] == 0 && bytes[position + 2] == 1
            if !isStartCode {
                if mustReachEnd, bytes[position...].allSatisfy({ $0 == 0 }) { break }
                if remaining < 4, bytes[position...].elementsEqual([0, 0, 1].prefix(remaining)) {
                    if try cut("start code", length: 4) { break }
                }
                throw .invalid(
                    structure: "program stream", offset: absolute,
                    reason: "expected a start code (00 00 01), found "
                        + bytes.clamped(position..<position + 4).map { String($0, radix: 16).leftPadded(to: 2) }
                        .joined(separator: " "))
            }
            try reader.visit()
            let code = bytes[position + 3]
            var length = 4
            switch code {
            case 0xBA:
                if try cut("pack header", length: 5) { break walk }
                if bytes[position + 4] >> 6 == 1 {
                    if try cut("pack header", length: 14) { break walk }
                    length = 14 + Int(bytes[position + 13] & 7)
                    isMPEG2 = true
                } else if bytes[position + 4] >> 4 == 2 {
                    length = 12
                } else {
                    throw .invalid(
                        structure: "pack header", offset: absolute,
                        reason: "it is neither the MPEG-1 nor the MPEG-2 form")
                }
                if try cut("pack header", length: length) { break walk }
                let clock = Self.timeStamp(bytes, at: position + 4, mpeg2: bytes[position + 4] >> 6 == 1)
                if firstClockReference == nil { firstClockReference = clock }
                lastClockReference = clock
            case 0xB9:
                break
            case 0xBB...0xFF:
                if try cut("packet header", length: 6) { break walk }
                length = 6 + bytes.uint16BE(position + 4)
                let name = "PES packet of stream 0x" + String(code, radix: 16, uppercase: true)
                if try cut(name, length: length) { break walk }
                if (0xC0...0xEF).contains(code) || code == 0xBD {
                    try addPayload(bytes, packet: position, length: length, stream: code, name: name, base: base)
                }
            default:
                throw .invalid(
                    structure: "program stream", offset: absolute,
                    reason: "start code 0x\(String(code, radix: 16, uppercase: true)) is not a pack header or packet")
            }
            position += length
        }
        end = min(position, bytes.count)
    }

    /// Appends a PES packet's payload (after its MPEG-1 or MPEG-2 header) to its stream.
    private mutating func addPayload(
        _ bytes: [UInt8], packet: Int, length: Int, stream id: UInt8, name: String, base: Int
    ) throws(ContainerError) {
        let end = packet + length
        var index = packet + 6
        var presentation: Int64?
        var decoding: Int64?
        func malformed() -> ContainerError {
            .invalid(
                structure: name + " header", offset: base + packet, reason: "its header does not fit in the packet")
        }
        if index < end, bytes[index] >> 6 == 2 {
            guard end - index >= 3 else { throw malformed() }
            let flags = bytes[index + 1] >> 6
            let headerLength = Int(bytes[index + 2])
            guard index + 3 + headerLength <= end else { throw malformed() }
            if flags & 2 != 0, headerLength >= 5 { presentation = Self.timeStamp(bytes, at: index + 3, mpeg2: false) }
            if flags == 3, headerLength >= 10 { decoding = Self.timeStamp(bytes, at: index + 8, mpeg2: false) }
            index += 3 + headerLength
        } else {
            var stuffing = 0
            while index < end, bytes[index] == 0xFF, stuffing < 16 {
                index += 1
                stuffing += 1
            }
            if index < end, bytes[index] >> 6 == 1 { index += 2 }
            guard index < end else { throw malformed() }
            switch bytes[index] >> 4 {
            case 2:
                presentation = Self.timeStamp(bytes, at: index, mpeg2: false)
                index += 5
            case 3:
                presentation = Self.timeStamp(bytes, at: index, mpeg2: false)
                decoding = Self.timeStamp(bytes, at: index + 5, mpeg2: false)
                index += 10
            default:
                guard bytes[index] == 0x0F else { throw malformed() }
                index += 1
            }
            guard index <= end else { throw malformed() }
        }
        var payload = index
        if id == 0xBD {
            if privateSubstream == nil, payload < end { privateSubstream = bytes[payload] }
            payload = min(end, payload + 1)
        }
        if streams[id] == nil { order.append(id) }
        var stream = streams.removeValue(forKey: id) ?? Stream()
        stream.segments.append(Segment(offset: stream.bytes.count, presentation: presentation, decoding: decoding))
        stream.bytes.append(contentsOf: bytes[payload..<end])
        streams[id] = stream
    }

    /// A 33-bit time stamp: a PTS/DTS or MPEG-1 SCR (5 bytes with marker bits), or with `mpeg2` the
    /// base of an MPEG-2 SCR.
    static func timeStamp(_ bytes: [UInt8], at index: Int, mpeg2: Bool) -> Int64 {
        let b = (0..<6).map { Int64(bytes.uint8(index + $0)) }
        if mpeg2 {
            return (b[0] >> 3 & 7) << 30 | (b[0] & 3) << 28 | b[1] << 20 | (b[2] >> 3) << 15 | (b[2] & 3) << 13
                | b[3] << 5 | b[4] >> 3
        }
        return (b[0] >> 1 & 7) << 30 | b[1] << 22 | (b[2] >> 1) << 15 | b[3] << 7 | b[4] >> 1
    }
}
