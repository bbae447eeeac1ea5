extension Rules {
    /// mutable-content: 1 without an alert to show: the service extension is not run.
    public enum MutableContentNoAlert {
        /// This rule's id (`mutable-content-no-alert`), default severity (warning), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "mutable-content-no-alert", severity: .warning, area: .payload,
            summary: "mutable-content: 1 without an alert to show: the service extension is not run.")

        package static func finding(file: String, keyPath: String) -> Finding {
            Finding(
                rule: descriptor, message: "mutable-content without an alert to show: the service extension is not run",
                file: file, keyPath: keyPath)
        }
    }
}
