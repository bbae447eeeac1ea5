extension Rules {
    /// Thumbnail options out of range: a clipping rectangle outside the unit square, or a
    /// thumbnail time past the movie's end or the GIF's last frame.
    public enum AttachmentThumbnailInvalid: Rule {
        /// This rule's id (`attachment-thumbnail-invalid`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-thumbnail-invalid", severity: .warning, area: .attachment,
            summary:
                "Thumbnail options out of range: a clipping rectangle outside the unit square, or a thumbnail time past the movie's end or the GIF's last frame."
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
