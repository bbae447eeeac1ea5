extension Rules {
    /// The same category listed twice in one extension's UNNotificationExtensionCategory.
    public enum CategoryDuplicate: Rule {
        /// This rule's id (`category-duplicate`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "category-duplicate", severity: .warning, area: .plist,
            summary: "The same category listed twice in one extension's UNNotificationExtensionCategory.")

        package static func finding(file: String, keyPath: String, category: String) -> Finding {
            Finding(
                rule: descriptor, message: "category '\(category)' is listed more than once", file: file,
                keyPath: keyPath)
        }
    }
}
