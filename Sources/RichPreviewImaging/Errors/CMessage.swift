/// A C string the shims wrote into a fixed buffer.
enum CMessage {
    /// The text up to the first NUL, decoded as UTF-8 with damaged bytes replaced.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text of a fixed-size `char` array field of a C struct (a shim's library report), up to
    /// its first NUL.
    static func string<Field>(field: Field) -> String {
        withUnsafeBytes(of: field) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// `library (package): reason`, from the three fields of a shim's library report.
    static func libraryProblem<Library, Package, Reason>(library: Library, package: Package, reason: Reason) -> String {
        "\(string(field: library)) (\(string(field: package))): \(string(field: reason))"
    }
}
