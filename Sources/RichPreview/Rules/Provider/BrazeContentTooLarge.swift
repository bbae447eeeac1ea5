extension Rules {
    /// A Braze push whose own content (the alert, `extra` and the other fields: the payload without
    /// Braze's `ab` dictionary) is over the 1912 bytes Braze allows; the rest of APNs' 4096 is Braze's.
    public enum BrazeContentTooLarge: PayloadRule {
        /// This rule's id (`braze-content-too-large`), default severity (warning), area (provider)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "braze-content-too-large", severity: .warning, area: .provider,
            summary:
                "A Braze apple_push whose alert, extra and other fields come to more than the 1912 bytes Braze allows; the rest of APNs' 4096 bytes is Braze's own data."
        )

        /// Braze's limit on the bytes of a message's alert, extra and optional fields.
        static let limit = 1912

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message, message.provider == .braze else { return [] }
            var own = message.members
            own["ab"] = nil
            let bytes = PayloadEncoding.data(.dictionary(own)).count
            guard bytes > limit else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "the alert, extra and other fields come to \(bytes) bytes; Braze allows \(limit) (the rest of APNs' 4096 is its own data)",
                    file: payload.file, keyPath: message.origins[""])
            ]
        }
    }
}
