extension Rules {
    /// An action identifier used twice in one category (or listed twice in one context).
    public enum ActionDuplicate {
        public static let descriptor = RuleDescriptor(
            id: "action-duplicate", severity: .error, area: .categories,
            summary: "An action identifier used twice in one category (or listed twice in one context).")

        package static func finding(
            file: String?, keyPath: String?, identifier: String, category: String, line: Int? = nil, column: Int? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, message: "action '\(identifier)' appears more than once in category '\(category)'",
                file: file, line: line, column: column, keyPath: keyPath)
        }
    }
}
