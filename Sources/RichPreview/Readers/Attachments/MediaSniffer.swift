/// Tells a file's format from its leading bytes, never from its name.
public enum MediaSniffer {
    /// How many leading bytes `detect` looks at; passing more is harmless.
    public static let headerLength = 64

    /// ISO base media brands of audio-only files (iTunes audio, audiobooks, protected audio).
    static let audioBrands: Set<String> = ["M4A ", "M4B ", "M4P "]
    /// ISO base media brands of HEIF still images coded with HEVC.
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
    /// The atoms a classic QuickTime file (one without `ftyp`) starts with.
    static let quickTimeLeadingAtoms: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// The format whose signature `header` starts with, or nil when none matches.
    public static func detect<Bytes: Collection>(_ header: Bytes) -> MediaFormat? where Bytes.Element == UInt8 {
        let bytes = Array(header.prefix(headerLength))
        func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + signature.count else { return false }
            return Array(bytes[offset..<offset + signature.count]) == signature
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { matches(Array(text.utf8), at: offset) }

        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if ascii("GIF87a") || ascii("GIF89a") { return .gif }
        if ascii("RIFF") || ascii("RF64") {
            if ascii("WAVE", at: 8) { return .wav }
            if ascii("AVI ", at: 8) { return .avi }
            if ascii("WEBP", at: 8) { return .webp }
            return nil
        }
        if ascii("FORM") && (ascii("AIFF", at: 8) || ascii("AIFC", at: 8)) { return .aiff }
        if ascii("caff") && matches([0x00, 0x01], at: 4) { return .caf }
        if ascii("fLaC") { return .flac }
        if ascii("OggS") { return .ogg }
        if matches([0x1A, 0x45, 0xDF, 0xA3]) {
            return bytes.indices.contains(where: { ascii("webm", at: $0) }) ? .webm : .mkv
        }
        if let format = isoBaseMediaFormat(bytes) { return format }
        if matches([0x00, 0x00, 0x01, 0xBA]) { return .mpeg }
        if matches([0x00, 0x00, 0x01, 0xB3]) { return .m2v }
        if ascii("BM"), bytes.count >= 18, [12, 16, 40, 52, 56, 64, 108, 124].contains(bytes.uint32LE(14)) {
            return .bmp
        }
        if matches([0x49, 0x49, 0x2A, 0x00]) || matches([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if ascii("ID3") { return .mp3 }
        if let adts = ADTSFrameHeader(bytes), adts.length >= ADTSFrameHeader.minimumLength { return .aac }
        if MPEGAudioFrameHeader(bytes) != nil { return .mp3 }
        return nil
    }

    /// The ISO base media or QuickTime format of `bytes`, from the major brand of a leading `ftyp`
    /// box (and, for a `mif1`/`mif2`/`msf1` image, its compatible brands), or from the first atom of a
    /// classic QuickTime file.
    static func isoBaseMediaFormat(_ bytes: [UInt8]) -> MediaFormat? {
        guard bytes.count >= 8 else { return nil }
        let size = bytes.uint32BE(0)
        let type = bytes.fourCC(4)
        if type == "ftyp", bytes.count >= 12, size >= 16 {
            let brand = bytes.fourCC(8)
            if audioBrands.contains(brand) { return .m4a }
            if brand == "qt  " { return .mov }
            if heicBrands.contains(brand) { return .heic }
            if brand == "avif" || brand == "avis" { return .avif }
            if brand == "mif1" || brand == "mif2" || brand == "msf1" {
                let compatible = stride(from: 16, to: min(Int(size), bytes.count) - 3, by: 4).map { bytes.fourCC($0) }
                return compatible.contains("avif") || compatible.contains("avis") ? .avif : .heic
            }
            return .mp4
        }
        if quickTimeLeadingAtoms.contains(type), size >= 8 || (type == "mdat" && size <= 1) { return .mov }
        return nil
    }

    /// A reason when `header` (give at least 16 bytes) is a PNG whose signature is damaged, naming
    /// the transfer that damages files this way (line endings rewritten, high bit stripped) when the
    /// damage matches one, else the first wrong byte.
    public static func damagedSignature<Bytes: Collection>(_ header: Bytes) -> String? where Bytes.Element == UInt8 {
        PNGSignatureDamage.reason(Array(header.prefix(16)))
    }
}
