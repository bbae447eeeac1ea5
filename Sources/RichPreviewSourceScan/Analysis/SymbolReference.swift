/// A name in code that may stand for a constant, an object or a collection: `name`, `Type.name`,
/// `Self.name`, `Enum.case.rawValue`, `.case.rawValue`.
struct SymbolReference: Sendable {
    var path: [String]
    /// Written with a leading dot (`.case.rawValue`): the type comes from context.
    var implicitMember: Bool
    /// Ends in `.rawValue` (not part of `path`).
    var rawValue: Bool
    var site: UseSite

    /// The expression as written (whitespace inside it dropped), for reports.
    var expression: String {
        (implicitMember ? "." : "") + path.joined(separator: ".") + (rawValue ? ".rawValue" : "")
    }
}

/// Where a name is used, for finding which declaration it means.
struct UseSite: Sendable {
    var file: Int32
    var token: Int32
    /// The types around the use, outermost first (Swift).
    var typePath: [String]
    /// The innermost brace scope around the use (an index into the file's `scopeOpens`).
    var scope: Int32
}
