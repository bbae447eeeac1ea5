extension Rules {
    /// An attachment over its kind's limit (images 10 MB, audio 5 MB, movies 50 MB, MB = 10^6
    /// bytes), or empty (UNErrorCodeAttachmentInvalidFileSize).
    public enum AttachmentTooLarge: AttachmentRule {
        /// This rule's id (`attachment-too-large`), default severity (error), area (attachment) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-too-large", severity: .error, area: .attachment,
            summary:
                "An attachment over its kind's limit (images 10 MB, audio 5 MB, movies 50 MB, MB = 10^6 bytes), or empty (UNErrorCodeAttachmentInvalidFileSize)."
        )

        /// A file over its kind's limit, or empty.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            var findings: [Finding] = []
            if let error = attachment.error, [.empty, .overSizeLimit].contains(error.cause) {
                findings.append(AttachmentRefusal.finding(error, rule: descriptor))
            }
            return findings
        }
    }
}
