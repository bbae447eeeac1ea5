extension Rules {
    /// The payload's id key (for replacing notifications) is neither a non-empty string nor a
    /// whole number.
    public enum NotificationIdInvalid: Rule {
        /// This rule's id (`notification-id-invalid`), default severity (error), area (delivery)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "notification-id-invalid", severity: .error, area: .delivery,
            summary:
                "The payload's id key (for replacing notifications) is neither a non-empty string nor a whole number.")

        package static func finding(file: String?, keyPath: String, found: String) -> Finding {
            Finding(
                rule: descriptor,
                message: "expected a non-empty string or a whole number as the notification's id, found \(found)",
                file: file, keyPath: keyPath)
        }
    }
}
