extension Rules {
    /// A plain http: attachment URL: the service extension's download fails unless its own
    /// Info.plist has an App Transport Security exception.
    public enum AttachmentInsecureUrl: AttachmentReferenceRule {
        /// This rule's id (`attachment-insecure-url`), default severity (warning), area
        /// (attachment) and summary.
        public static let descriptor = RuleDescriptor(
            id: "attachment-insecure-url", severity: .warning, area: .attachment,
            summary:
                "A plain http: attachment URL: the service extension's download fails unless its own Info.plist has an App Transport Security exception."
        )

        /// A plain `http` attachment URL of a payload.
        static func check(_ reference: AttachmentReference, payload: String) -> [Finding] {
            guard case .insecure(let url) = reference.location else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "'\(url)' is plain http: the service extension's download fails unless its Info.plist has an App Transport Security exception; use https",
                    file: payload, keyPath: reference.keyPath)
            ]
        }
    }
}
