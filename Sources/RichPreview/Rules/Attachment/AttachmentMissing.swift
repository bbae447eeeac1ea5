extension Rules {
    /// A local attachment file that is not there, or that cannot be read (it could not be moved
    /// into the attachment store).
    public enum AttachmentMissing: AttachmentRule {
        /// This rule's id (`attachment-missing`), default severity (error), area (attachment) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-missing", severity: .error, area: .attachment,
            summary:
                "A local attachment file that is not there, or that cannot be read (it could not be moved into the attachment store)."
        )

        /// A file that is not there, or cannot be read.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            var findings: [Finding] = []
            if let error = attachment.error, [.notFound, .unreadable].contains(error.cause) {
                findings.append(AttachmentRefusal.finding(error, rule: descriptor))
            }
            return findings
        }
    }
}
