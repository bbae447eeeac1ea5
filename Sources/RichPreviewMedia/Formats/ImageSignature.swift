/// Tells the three image formats iOS takes for attachments (PNG, JPEG, GIF) from their first
/// bytes; the full set of formats is `MediaSniffer`'s, in the core module.
public enum ImageSignature {
    /// The format whose signature `header` starts with, or nil when it is none of the three.
    public static func detect<Bytes: Collection>(_ header: Bytes) -> MediaFormat? where Bytes.Element == UInt8 {
        let bytes = Array(header.prefix(8))
        if bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }
}
