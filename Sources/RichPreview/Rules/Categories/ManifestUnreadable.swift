extension Rules {
    /// A category manifest that cannot be read, or is neither JSON nor a property list.
    public enum ManifestUnreadable {
        public static let descriptor = RuleDescriptor(
            id: "manifest-unreadable", severity: .error, area: .categories,
            summary: "A category manifest that cannot be read, or is neither JSON nor a property list.")

        package static func finding(file: String, reason: String) -> Finding {
            Finding(rule: descriptor, message: reason, file: file)
        }
    }
}
