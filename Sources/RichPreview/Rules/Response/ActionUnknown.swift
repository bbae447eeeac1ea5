extension Rules {
    /// An action the category does not have.
    public enum ActionUnknown: Rule {
        /// This rule's id (`action-unknown`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "action-unknown", severity: .error, area: .response,
            summary: "An action the category does not have.")

        package static func finding(category: String, action: String, known: [String], file: String?, keyPath: String?)
            -> Finding
        {
            Finding(
                rule: descriptor,
                message:
                    "category '\(category)' has no action '\(action)' (its actions: \(NameList.text(known)))",
                file: file, keyPath: keyPath, suggestion: Suggester.suggestion(for: action, among: known))
        }
    }
}
