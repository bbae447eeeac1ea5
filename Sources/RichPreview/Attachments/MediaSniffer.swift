/// Tells a file's format from its leading bytes, never from its name.
public enum MediaSniffer {
    /// How many leading bytes `detect` looks at; passing more is harmless.
    public static let headerLength = 64

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
        if ascii("RIFF") && ascii("WAVE", at: 8) { return .wav }
        if ascii("RIFF") && ascii("AVI ", at: 8) { return .avi }
        if ascii("FORM") && (ascii("AIFF", at: 8) || ascii("AIFC", at: 8)) { return .aiff }
        if ascii("ftyp", at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            return ["M4A ", "M4B ", "M4P "].contains(brand) ? .m4a : .mp4
        }
        if matches([0x00, 0x00, 0x01, 0xBA]) || matches([0x00, 0x00, 0x01, 0xB3]) { return .mpeg }
        if ascii("ID3") { return .mp3 }
        // An MPEG audio frame header: 11 sync bits, a layer other than "reserved", a valid bitrate.
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0, bytes[1] & 0x06 != 0,
            bytes[2] & 0xF0 != 0xF0, bytes[2] & 0x0C != 0x0C
        {
            return .mp3
        }
        return nil
    }

    /// A reason when `header` (give at least 16 bytes) is a PNG whose signature is damaged, naming
    /// the transfer that damages files this way (line endings rewritten, high bit stripped) when the
    /// damage matches one, else the first wrong byte.
    public static func damagedSignature<Bytes: Collection>(_ header: Bytes) -> String? where Bytes.Element == UInt8 {
        PNGSignatureDamage.reason(Array(header.prefix(16)))
    }
}
