extension Rules {
    /// A content extension without UNNotificationExtensionCategory (or without
    /// NSExtensionAttributes at all): it draws no category.
    public enum CategoryMissing: Rule {
        /// This rule's id (`category-missing`), default severity (error), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "category-missing", severity: .error, area: .plist,
            summary:
                "A content extension without UNNotificationExtensionCategory (or without NSExtensionAttributes at all): it draws no category."
        )

        package static func finding(file: String?, keyPath: String?, message: String, severity: Severity? = nil)
            -> Finding
        {
            Finding(rule: descriptor, severity: severity, message: message, file: file, keyPath: keyPath)
        }
    }
}
