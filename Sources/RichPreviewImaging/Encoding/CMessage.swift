/// A C string the shims wrote into a fixed buffer.
enum CMessage {
    /// The text up to the first NUL, decoded as UTF-8 with damaged bytes replaced.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
