extension Rules {
    /// An attachment whose bytes are damaged or cut: an image that does not decode whole, a
    /// container whose structure is not whole (UNErrorCodeAttachmentCorrupt).
    public enum AttachmentCorrupt: Rule {
        /// This rule's id (`attachment-corrupt`), default severity (error), area (attachment) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-corrupt", severity: .error, area: .attachment,
            summary:
                "An attachment whose bytes are damaged or cut: an image that does not decode whole, a container whose structure is not whole (UNErrorCodeAttachmentCorrupt)."
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
