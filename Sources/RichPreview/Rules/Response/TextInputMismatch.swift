extension Rules {
    /// Text given to an action without a text field, or a text-input action answered without
    /// text.
    public enum TextInputMismatch: Rule {
        /// This rule's id (`text-input-mismatch`), default severity (error), area (response) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "text-input-mismatch", severity: .error, area: .response,
            summary: "Text given to an action without a text field, or a text-input action answered without text.")

        package static func finding(
            category: String, action: String, textRequired: Bool, file: String?, keyPath: String?
        )
            -> Finding
        {
            Finding(
                rule: descriptor,
                message: textRequired
                    ? "action '\(action)' of category '\(category)' is a text-input action; its Send button needs non-empty text"
                    : "action '\(action)' of category '\(category)' has no text field; it takes no text",
                file: file, keyPath: keyPath)
        }
    }
}
