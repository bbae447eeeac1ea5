extension Rules {
    /// A local attachment file that is not there, or that cannot be read (it could not be moved
    /// into the attachment store).
    public enum AttachmentMissing: Rule {
        /// This rule's id (`attachment-missing`), default severity (error), area (attachment) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-missing", severity: .error, area: .attachment,
            summary:
                "A local attachment file that is not there, or that cannot be read (it could not be moved into the attachment store)."
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
