extension Rules {
    /// An UNNotification… attribute that iOS does not know (usually a misspelling), silently
    /// ignored.
    public enum UnknownAttribute: Rule {
        /// This rule's id (`unknown-attribute`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "unknown-attribute", severity: .warning, area: .plist,
            summary: "An UNNotification… attribute that iOS does not know (usually a misspelling), silently ignored.")

        package static func finding(file: String, keyPath: String, suggestion: String?) -> Finding {
            Finding(
                rule: descriptor, message: "unknown attribute, ignored by iOS", file: file, keyPath: keyPath,
                suggestion: suggestion)
        }
    }
}
