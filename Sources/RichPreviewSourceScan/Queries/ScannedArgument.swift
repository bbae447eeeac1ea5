/// One argument of a `ScannedCall`.
public struct ScannedArgument: Sendable, Hashable {
    /// The Swift label or the Objective-C selector part; nil when unlabelled.
    public var label: String?
    /// The expression as written (whitespace collapsed, at most 200 characters).
    public var expression: String
    /// The string the expression stands for when it resolves to one (a literal, a string
    /// constant, a static let, an enum case's raw value), else why not; nil for `nil`.
    public var value: ScannedString?
    /// Where the argument's label (or, unlabelled, its value) is written.
    public var location: CodeLocation

    /// An argument from its parts.
    public init(label: String?, expression: String, value: ScannedString?, location: CodeLocation) {
        self.label = label
        self.expression = expression
        self.value = value
        self.location = location
    }
}
