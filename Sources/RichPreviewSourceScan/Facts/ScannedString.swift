/// A string the scanner read from code: its value when the code fixes it (a literal, or a constant,
/// macro or enum raw value that resolves to one), else the expression and why it was not resolved.
public enum ScannedString: Sendable, Hashable, CustomStringConvertible {
    /// The string's value.
    case literal(String)
    /// The expression as written (whitespace collapsed, at most 200 characters) and the reason in
    /// words: "string interpolation", "function call", "no constant of that name in the files read (a parameter, a local or a value known only at run time)", ….
    case unresolved(expression: String, reason: String)

    /// The value when resolved.
    public var literal: String? {
        if case .literal(let value) = self { return value }
        return nil
    }

    /// The value quoted, or `<expression>` with the reason.
    public var description: String {
        switch self {
        case .literal(let value): "\"\(value)\""
        case .unresolved(let expression, let reason): "<\(expression)> (\(reason))"
        }
    }
}
