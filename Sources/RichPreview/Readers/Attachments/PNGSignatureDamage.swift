/// Explains a damaged PNG signature, naming the transfer that damages files this way when the
/// damage matches one. PNG's 8-byte signature was designed to show exactly these accidents.
enum PNGSignatureDamage {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What the bytes after "\x89PNG" become when a text-mode transfer rewrites line endings.
    private static let lineEndingConversions: [[UInt8]] = [
        [0x0A, 0x0A, 0x1A, 0x0A],  // CR written as LF
        [0x0D, 0x0D, 0x1A, 0x0D],  // LF written as CR
        [0x0A, 0x1A, 0x0A],  // CR LF written as LF
        [0x0D, 0x1A, 0x0D],  // CR LF written as CR
        [0x0D, 0x0D, 0x0A, 0x1A, 0x0D, 0x0A],  // LF written as CR LF
    ]

    /// A reason when `header` (at least its first 16 bytes) is a PNG with a damaged signature: the
    /// name "PNG" at bytes 1–3, or the IHDR chunk where it belongs. Nil for an intact signature or
    /// for bytes that are not a PNG at all.
    static func reason(_ header: [UInt8]) -> String? {
        guard header.count >= 8, Array(header.prefix(8)) != signature else { return nil }
        let namedPNG = Array(header[1..<4]) == Array("PNG".utf8)
        let hasIHDR = header.count >= 16 && Array(header[12..<16]) == Array("IHDR".utf8)
        guard namedPNG || hasIHDR else { return nil }
        if namedPNG, header[0] == 0x89,
            lineEndingConversions.contains(where: { header.dropFirst(4).starts(with: $0) })
        {
            return "damaged PNG signature: its line-ending bytes were rewritten (a text-mode transfer?)"
        }
        if header[0] == 0x09, Array(header[1..<8]) == Array(signature[1..<8]) {
            return "damaged PNG signature: the high bit of the first byte was stripped (a 7-bit transfer?)"
        }
        let index = (0..<8).first { header[$0] != signature[$0] } ?? 0
        return "damaged PNG signature: byte \(index) is \(hex(header[index])), expected \(hex(signature[index]))"
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
