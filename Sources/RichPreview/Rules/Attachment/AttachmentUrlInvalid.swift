extension Rules {
    /// An attachment that is not a local file URL iOS can use: a data: or unknown scheme, an
    /// empty or relative URL that leaves the attachments folder, or a symbolic link pointing
    /// out of it (UNErrorCodeAttachmentInvalidURL).
    public enum AttachmentUrlInvalid: AttachmentRule, AttachmentReferenceRule {
        /// This rule's id (`attachment-url-invalid`), default severity (error), area (attachment)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-url-invalid", severity: .error, area: .attachment,
            summary:
                "An attachment that is not a local file URL iOS can use: a data: or unknown scheme, an empty or relative URL that leaves the attachments folder, or a symbolic link pointing out of it (UNErrorCodeAttachmentInvalidURL)."
        )

        /// A path that is a folder, a FIFO or a device: not a file iOS can take.
        static func check(_ attachment: AttachmentReport) -> [Finding] {
            guard let error = attachment.error, error.cause == .invalidURL else { return [] }
            return [AttachmentRefusal.finding(error, rule: descriptor)]
        }

        /// An attachment URL of a payload that leads nowhere iOS can use.
        static func check(_ reference: AttachmentReference, payload: String) -> [Finding] {
            guard case .invalid(let reason) = reference.location else { return [] }
            return [Finding(rule: descriptor, message: reason, file: payload, keyPath: reference.keyPath)]
        }
    }
}
