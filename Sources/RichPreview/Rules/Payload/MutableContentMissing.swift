extension Rules {
    /// A payload with an attachment URL but without mutable-content: 1: the service extension
    /// never runs, so the attachment is never downloaded.
    public enum MutableContentMissing: PayloadRule {
        /// This rule's id (`mutable-content-missing`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "mutable-content-missing", severity: .error, area: .payload,
            summary:
                "A payload with an attachment URL but without mutable-content: 1: the service extension never runs, so the attachment is never downloaded."
        )

        /// An attachment URL under one of the attachment key paths and no `mutable-content: 1`.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let aps = payload.payload?.aps, !aps.mutableContent, let first = payload.attachmentURLs.first else {
                return []
            }
            // Written, but not as the number (`"1"`, `2`): the value is the cause, named first.
            if let rejected = payload.rejectedValues.first(where: { $0.keyPath == "aps.mutable-content" }) {
                return [
                    Finding(
                        rule: descriptor,
                        message:
                            "mutable-content is \(rejected.found), not the number 1, so the service extension never runs and the attachment under '\(first.keyPath)' never appears",
                        file: payload.file, keyPath: "aps.mutable-content")
                ]
            }
            // In a provider's message the image's own field is the place to point at, and the
            // provider's switch for mutable-content the fix.
            let message = payload.message
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "carries an attachment under '\(first.keyPath)' but not mutable-content: 1, so the service extension never runs and the attachment never appears",
                    file: payload.file, keyPath: message == nil ? "aps" : first.keyPath,
                    suggestion: message?.mutableContentField ?? "aps.mutable-content")
            ]
        }
    }
}
