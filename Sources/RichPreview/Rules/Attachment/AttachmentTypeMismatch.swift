extension Rules {
    /// A type hint or file extension that disagrees with the bytes, such as PNG data named .jpg
    /// or an HTML error page saved as .jpg.
    public enum AttachmentTypeMismatch: Rule {
        /// This rule's id (`attachment-type-mismatch`), default severity (error), area (attachment)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-type-mismatch", severity: .error, area: .attachment,
            summary:
                "A type hint or file extension that disagrees with the bytes, such as PNG data named .jpg or an HTML error page saved as .jpg."
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
