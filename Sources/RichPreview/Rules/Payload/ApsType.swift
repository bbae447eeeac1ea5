extension Rules {
    /// An aps value of the wrong type or out of range: a badge that is not an integer ≥ 0,
    /// content-available not 1, an unknown interruption level, a relevance score outside 0…1, a
    /// flag written true.
    public enum ApsType {
        /// This rule's id (`aps-type`), default severity (error), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-type", severity: .error, area: .payload,
            summary:
                "An aps value of the wrong type or out of range: a badge that is not an integer ≥ 0, content-available not 1, an unknown interruption level, a relevance score outside 0…1, a flag written true."
        )

        package static func finding(file: String, keyPath: String, expected: String, found: String) -> Finding {
            Finding(rule: descriptor, message: "expected \(expected), found \(found)", file: file, keyPath: keyPath)
        }

        package static func flagFinding(file: String, keyPath: String, value: Bool) -> Finding {
            Finding(
                rule: descriptor, severity: .warning, message: "should be the number \(value ? 1 : 0), not \(value)",
                file: file, keyPath: keyPath)
        }
    }
}
