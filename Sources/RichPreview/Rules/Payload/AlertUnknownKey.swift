extension Rules {
    /// A key in aps.alert that APNs does not define (a typo such as titel or tilte), ignored by
    /// iOS.
    public enum AlertUnknownKey {
        /// This rule's id (`alert-unknown-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "alert-unknown-key", severity: .warning, area: .payload,
            summary: "A key in aps.alert that APNs does not define (a typo such as titel or tilte), ignored by iOS.")

        package static func finding(file: String, keyPath: String, suggestion: String?) -> Finding {
            Finding(
                rule: descriptor, message: "unknown key, ignored by iOS", file: file, keyPath: keyPath,
                suggestion: suggestion)
        }
    }
}
