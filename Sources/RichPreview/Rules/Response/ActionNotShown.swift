extension Rules {
    /// An action in neither the minimal nor the default context: it is never shown.
    public enum ActionNotShown: Rule {
        /// This rule's id (`action-not-shown`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "action-not-shown", severity: .error, area: .response,
            summary: "An action in neither the minimal nor the default context: it is never shown.")

        package static func finding(category: String, action: String, file: String?, keyPath: String?) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "action '\(action)' of category '\(category)' is in neither the minimal nor the default context, so it is never shown",
                file: file, keyPath: keyPath)
        }
    }
}
