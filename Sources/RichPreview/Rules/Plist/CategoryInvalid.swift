extension Rules {
    /// UNNotificationExtensionCategory that is empty, of the wrong type, or an array holding
    /// something other than non-empty strings.
    public enum CategoryInvalid: Rule {
        /// This rule's id (`category-invalid`), default severity (error), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "category-invalid", severity: .error, area: .plist,
            summary:
                "UNNotificationExtensionCategory that is empty, of the wrong type, or an array holding something other than non-empty strings."
        )

        package static func finding(file: String?, keyPath: String?, message: String, severity: Severity? = nil)
            -> Finding
        {
            Finding(rule: descriptor, severity: severity, message: message, file: file, keyPath: keyPath)
        }
    }
}
