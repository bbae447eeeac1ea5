extension Rules {
    /// An attachment iOS does not recognise: bytes of no known image, audio or movie format, or
    /// a file without an extension or type hint (UNErrorCodeAttachmentUnrecognizedType).
    public enum AttachmentTypeUnsupported: Rule {
        /// This rule's id (`attachment-type-unsupported`), default severity (error), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-type-unsupported", severity: .error, area: .attachment,
            summary:
                "An attachment iOS does not recognise: bytes of no known image, audio or movie format, or a file without an extension or type hint (UNErrorCodeAttachmentUnrecognizedType)."
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
