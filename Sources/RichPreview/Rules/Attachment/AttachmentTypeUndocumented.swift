extension Rules {
    /// A recognised format Apple does not list for attachments (QuickTime .mov, CAF, WebP,
    /// HEIC, FLAC, …): iOS may refuse it.
    public enum AttachmentTypeUndocumented: Rule {
        /// This rule's id (`attachment-type-undocumented`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-type-undocumented", severity: .warning, area: .attachment,
            summary:
                "A recognised format Apple does not list for attachments (QuickTime .mov, CAF, WebP, HEIC, FLAC, …): iOS may refuse it."
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
