extension Rules {
    /// A plain http: attachment URL: the service extension's download fails unless its own
    /// Info.plist has an App Transport Security exception.
    public enum AttachmentInsecureUrl: Rule {
        /// This rule's id (`attachment-insecure-url`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-insecure-url", severity: .warning, area: .attachment,
            summary:
                "A plain http: attachment URL: the service extension's download fails unless its own Info.plist has an App Transport Security exception."
        )

        package static func finding(
            file: String?, message: String, keyPath: String? = nil, severity: Severity? = nil,
            suggestion: String? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, severity: severity, message: message, file: file, keyPath: keyPath,
                suggestion: suggestion)
        }
    }
}
