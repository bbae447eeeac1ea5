extension Rules {
    /// An attachment that is not a local file URL iOS can use: a data: or unknown scheme, an
    /// empty or relative URL that leaves the attachments folder, or a symbolic link pointing
    /// out of it (UNErrorCodeAttachmentInvalidURL).
    public enum AttachmentUrlInvalid: Rule {
        /// This rule's id (`attachment-url-invalid`), default severity (error), area (attachment)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-url-invalid", severity: .error, area: .attachment,
            summary:
                "An attachment that is not a local file URL iOS can use: a data: or unknown scheme, an empty or relative URL that leaves the attachments folder, or a symbolic link pointing out of it (UNErrorCodeAttachmentInvalidURL)."
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
