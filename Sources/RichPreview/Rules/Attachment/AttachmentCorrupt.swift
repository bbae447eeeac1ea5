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

        /// Bytes that do not decode or a container that is not whole; and (a note) an image identified from its signature only.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            var findings: [Finding] = []
            if let error = attachment.error, [.corrupt, .damagedSignature].contains(error.cause) {
                findings.append(AttachmentRefusal.finding(error, rule: descriptor))
            }
            if attachment.error == nil, attachment.kind == .image, let format = attachment.format,
                [.png, .jpeg, .gif].contains(format), !attachment.decodedWhole
            {
                findings.append(
                    Finding(
                        rule: descriptor, severity: .note,
                        message: "identified from its signature only; the image was not decoded", file: attachment.name)
                )
            }
            return findings
        }
    }
}
