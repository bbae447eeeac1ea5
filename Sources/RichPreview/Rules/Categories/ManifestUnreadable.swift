extension Rules {
    /// A category manifest that cannot be read, or is neither JSON nor a property list.
    public enum ManifestUnreadable: Rule {
        /// This rule's id (`manifest-unreadable`), default severity (error), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "manifest-unreadable", severity: .error, area: .categories,
            summary: "A category manifest that cannot be read, or is neither JSON nor a property list.")

        package static func finding(file: String, reason: String) -> Finding {
            Finding(rule: descriptor, message: reason, file: file)
        }
    }
}
