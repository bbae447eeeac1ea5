/// The value of a string literal token.
package enum StringLiteralValue: Sendable, Hashable {
    /// The decoded text (escapes applied; multi-line indentation stripped; adjacent Objective-C literals joined).
    case value(String)
    /// A Swift literal with `\(…)` interpolation: its value depends on run-time values.
    case interpolated
    /// The literal has no closing delimiter.
    case unterminated
}
