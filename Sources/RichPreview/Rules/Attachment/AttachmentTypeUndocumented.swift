import Foundation

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

        /// A format iOS recognises and Apple does not document, in an attachment within its limit;
        /// for an image that decoded whole, the format iOS takes to convert it to.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            guard let format = attachment.format, !format.isDocumentedAttachmentType,
                attachment.error.map({ $0.cause == .corrupt }) ?? true
            else { return [] }
            var message =
                "\(format.rawValue.uppercased()) (\(format.utType)) is not among the attachment types Apple documents; iOS may refuse it"
            if let format = conversion(attachment) {
                message += "; convert it to \(format)"
            } else if attachment.kind == .image, let reason = attachment.notDecodedReason {
                message += " (not decoded: \(reason))"
            }
            return [Finding(rule: descriptor, message: message, file: attachment.name)]
        }

        /// What to convert an image that decoded whole to: `PNG` when it has alpha, else `JPEG`.
        static func conversion(_ attachment: AttachmentReport) -> String? {
            guard attachment.kind == .image, attachment.decodedWhole, let image = attachment.image else { return nil }
            return image.hasAlpha == true ? "PNG" : "JPEG"
        }
    }
}
