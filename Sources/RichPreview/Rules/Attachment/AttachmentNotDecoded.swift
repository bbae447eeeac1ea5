extension Rules {
    /// An image attachment whose pixels were not checked: identified from its signature only (no
    /// image decoder was given), or from its header because it is over the caller's decoding
    /// limits (`--max-pixels`, `--max-memory`). Not an iOS refusal.
    public enum AttachmentNotDecoded: AttachmentRule {
        /// This rule's id (`attachment-not-decoded`), default severity (note), area (attachment)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-not-decoded", severity: .note, area: .attachment,
            summary:
                "An image attachment whose pixels were not checked: identified from its signature only (no image decoder was given), or from its header because it is over the caller's decoding limits (--max-pixels, --max-memory). Not an iOS refusal."
        )

        /// An image of a type iOS documents (PNG, JPEG, GIF) that was not decoded whole, and why.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            guard attachment.error == nil, attachment.kind == .image, let format = attachment.format,
                format.isDocumentedAttachmentType, !attachment.decodedWhole
            else { return [] }
            let message =
                attachment.notDecodedReason.map { "\($0); only its header was read, so its pixels were not checked" }
                ?? "identified from its signature only; the image was not decoded"
            return [Finding(rule: descriptor, message: message, file: attachment.name)]
        }
    }
}
