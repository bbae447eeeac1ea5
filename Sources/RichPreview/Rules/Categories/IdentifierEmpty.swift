extension Rules {
    /// A category or action with an empty identifier, or an action with an empty title.
    public enum IdentifierEmpty {
        public static let descriptor = RuleDescriptor(
            id: "identifier-empty", severity: .error, area: .categories,
            summary: "A category or action with an empty identifier, or an action with an empty title.")

        package static func finding(file: String?, keyPath: String?, line: Int? = nil, column: Int? = nil) -> Finding {
            Finding(
                rule: descriptor, message: "must not be empty", file: file, line: line, column: column, keyPath: keyPath
            )
        }
    }
}
