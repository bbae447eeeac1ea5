extension Rules {
    /// An attachment whose bytes are damaged or cut: an image that does not decode whole, a
    /// container whose structure is not whole (UNErrorCodeAttachmentCorrupt).
    public enum AttachmentCorrupt: AttachmentRule {
        /// This rule's id (`attachment-corrupt`), default severity (error), area (attachment) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-corrupt", severity: .error, area: .attachment,
            summary:
                "An attachment whose bytes are damaged or cut: an image that does not decode whole, a container whose structure is not whole (UNErrorCodeAttachmentCorrupt)."
        )

        /// Bytes that do not decode or a container that is not whole (a valid image over the
        /// decoding limits is `attachment-not-decoded`, never corrupt).
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            var findings: [Finding] = []
            if let error = attachment.error, [.corrupt, .damagedSignature].contains(error.cause) {
                findings.append(AttachmentRefusal.finding(error, rule: descriptor))
            }
            return findings
        }
    }
}
