extension Rules {
    /// An attachment over its kind's limit (images 10 MB, audio 5 MB, movies 50 MB, MB = 10^6
    /// bytes), or empty (UNErrorCodeAttachmentInvalidFileSize).
    public enum AttachmentTooLarge: Rule {
        /// This rule's id (`attachment-too-large`), default severity (error), area (attachment) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-too-large", severity: .error, area: .attachment,
            summary:
                "An attachment over its kind's limit (images 10 MB, audio 5 MB, movies 50 MB, MB = 10^6 bytes), or empty (UNErrorCodeAttachmentInvalidFileSize)."
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
