/// A rule's id as a typed value, to compare findings with in code: `finding.ruleID ==
/// .mutableContentMissing` rather than the string `"mutable-content-missing"`, so that a misspelt
/// id does not compile. Every rule has its static member, written with the rule registry when the
/// target is built (the rule's type name with a small first letter); the string stays the id the
/// commands print and `--json` writes.
public struct RuleID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The id as the commands print it (`mutable-content-missing`).
    public var rawValue: String

    /// The id `rawValue`, whether or not a rule has it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id as the commands print it.
    public var description: String { rawValue }
}

extension Finding {
    /// The id of the rule that reported this finding, typed.
    public var ruleID: RuleID { RuleID(rawValue: rule) }
}

extension RuleDescriptor {
    /// This rule's id, typed.
    public var ruleID: RuleID { RuleID(rawValue: id) }
}
