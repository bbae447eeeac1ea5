/// The first sample description of a track's `stsd` box: its type (the codec tag) and what the
/// visual or audio sample entry and its child boxes (`esds`, `alac`, QuickTime's `wave`) say.
struct ISOSampleEntry {
    var type: String
    var codec: String?
    /// Coded size from a visual sample entry.
    var width: Int?
    var height: Int?
    var sampleRate: Int?
    var channels: Int?
    var bitsPerSample: Int?

    /// Reads the entry `box` of a track whose handler is `handler` (`vide`, `soun` ...).
    /// - Throws: `.invalid` when the entry is shorter than its fixed fields or its child boxes are
    ///   malformed.
    init(
        _ box: ISOBox, in bytes: [UInt8], base: Int, handler: String, depth: Int, reader: ContainerReader
    ) throws(ContainerError) {
        type = box.type
        let payload = box.payload
        let length = box.end - payload
        let structure = "'\(box.type)' sample entry"
        var childStart = box.end
        var lpcmFlags = 0
        switch handler {
        case "vide":
            guard length >= 78 else {
                throw .invalid(structure: structure, offset: base + box.start, reason: "it is too short for video")
            }
            width = bytes.uint16BE(payload + 24)
            height = bytes.uint16BE(payload + 26)
            childStart = payload + 78
        case "soun":
            guard length >= 28 else {
                throw .invalid(structure: structure, offset: base + box.start, reason: "it is too short for audio")
            }
            let version = bytes.uint16BE(payload + 8)
            channels = bytes.uint16BE(payload + 16)
            bitsPerSample = bytes.uint16BE(payload + 18)
            sampleRate = bytes.uint32BE(payload + 24) >> 16
            childStart = payload + 28
            if version == 1 {
                childStart += 16
            } else if version == 2 {
                guard length >= 64 else {
                    throw .invalid(
                        structure: structure, offset: base + box.start, reason: "it is too short for a version 2 entry")
                }
                let rate = bytes.float64BE(payload + 32)
                sampleRate = rate.isFinite && rate >= 1 && rate < 1e7 ? Int(rate.rounded()) : nil
                channels = bytes.uint32BE(payload + 40)
                bitsPerSample = bytes.uint32BE(payload + 48)
                lpcmFlags = bytes.uint32BE(payload + 52)
                childStart += 36
            }
        default:
            return
        }
        var esds: ESDescriptor?
        var children = try ISOBox.children(
            of: box.type, in: bytes, from: min(childStart, box.end), to: box.end, base: base, depth: depth + 1,
            reader: reader)
        if let wave = children.first(where: { $0.type == "wave" }) {
            children += try ISOBox.children(
                of: "wave", in: bytes, from: wave.payload, to: wave.end, base: base, depth: depth + 2, reader: reader)
        }
        for child in children {
            switch child.type {
            case "esds":
                esds = ESDescriptor(bytes, from: child.payload, to: child.end)
            case "alac" where child.end - child.payload >= 28:
                // ALACSpecificConfig after version and flags: bit depth, channels and sample rate.
                bitsPerSample = bytes.uint8(child.payload + 9)
                channels = bytes.uint8(child.payload + 13)
                sampleRate = bytes.uint32BE(child.payload + 24)
            default:
                break
            }
        }
        // ISO audio sample entries leave the channel count at its template value 2; the AAC
        // AudioSpecificConfig has the real one. The entry's rate is kept: for HE-AAC the config
        // gives the core rate, half the output rate.
        if handler == "soun", let configured = esds?.channels { channels = configured }
        if handler == "soun", sampleRate ?? 0 == 0 { sampleRate = esds?.sampleRate }
        codec = Self.codecName(
            type: box.type, objectType: esds?.objectType, bits: bitsPerSample ?? 0, lpcmFlags: lpcmFlags)
    }

    /// ffprobe's codec name for a sample entry type (and, for `mp4a`/`mp4v`, the `esds` object type).
    static func codecName(type: String, objectType: Int?, bits: Int, lpcmFlags: Int) -> String? {
        switch type {
        case "avc1", "avc3": return "h264"
        case "hvc1", "hev1", "dvh1", "dvhe": return "hevc"
        case "mp4v": return objectType.flatMap(ESDescriptor.codecName) ?? "mpeg4"
        case "mp4a": return objectType.flatMap(ESDescriptor.codecName) ?? "aac"
        case "jpeg", "mjpa": return "mjpeg"
        case "mjpb": return "mjpegb"
        case "av01": return "av1"
        case "vp08": return "vp8"
        case "vp09": return "vp9"
        case "apch", "apcn", "apcs", "apco", "ap4h", "ap4x": return "prores"
        case "s263", "h263": return "h263"
        case "mp1v", "m1v ": return "mpeg1video"
        case "mp2v", "m2v1": return "mpeg2video"
        case "alac": return "alac"
        case ".mp3", "0x6D730055": return "mp3"
        case "ac-3": return "ac3"
        case "ec-3": return "eac3"
        case "Opus": return "opus"
        case "fLaC": return "flac"
        case "samr": return "amr_nb"
        case "sawb": return "amr_wb"
        case "lpcm":
            let isFloat = lpcmFlags & 1 != 0, bigEndian = lpcmFlags & 2 != 0, signed = lpcmFlags & 4 != 0
            guard [8, 16, 24, 32, 64].contains(bits) else { return nil }
            if bits == 8 { return signed ? "pcm_s8" : "pcm_u8" }
            return "pcm_\(isFloat ? "f" : signed ? "s" : "u")\(bits)\(bigEndian ? "be" : "le")"
        default: return AIFFParser.codecName(compression: type, sampleSize: bits)
        }
    }
}
