extension Rules {
    /// A recognised format Apple does not list for attachments (QuickTime .mov, CAF, WebP,
    /// HEIC, FLAC, …): iOS may refuse it.
    public enum AttachmentTypeUndocumented: AttachmentRule {
        /// This rule's id (`attachment-type-undocumented`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-type-undocumented", severity: .warning, area: .attachment,
            summary:
                "A recognised format Apple does not list for attachments (QuickTime .mov, CAF, WebP, HEIC, FLAC, …): iOS may refuse it."
        )

        /// A format iOS recognises and Apple does not document, in an attachment within its limit.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            guard let format = attachment.format, !format.isDocumentedAttachmentType,
                attachment.error.map({ $0.cause == .corrupt }) ?? true
            else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "\(format.rawValue.uppercased()) (\(format.utType)) is not among the attachment types Apple documents; iOS may refuse it",
                    file: attachment.name)
            ]
        }
    }
}
