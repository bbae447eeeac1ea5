/// A case of a `ScannedType` enum: `case onTheWay = "on-the-way"`, `case late`.
public struct ScannedEnumCase: Sendable, Hashable {
    /// The case's name.
    public var name: String
    /// The raw value as written: a string literal's text, or a number (`-1`); nil when the case
    /// gives none (its name, or the next whole number, by the raw type's rule).
    public var rawValue: String?
    /// The case has associated values (`case stop(Int)`).
    public var hasAssociatedValues: Bool
    /// Where the name is written.
    public var location: CodeLocation

    /// A case from its parts.
    public init(name: String, rawValue: String? = nil, hasAssociatedValues: Bool = false, location: CodeLocation) {
        self.name = name
        self.rawValue = rawValue
        self.hasAssociatedValues = hasAssociatedValues
        self.location = location
    }
}
