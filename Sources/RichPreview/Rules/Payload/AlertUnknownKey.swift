extension Rules {
    /// A key in aps.alert that APNs does not define (a typo such as titel or tilte), ignored by
    /// iOS.
    public enum AlertUnknownKey: PayloadRule {
        /// This rule's id (`alert-unknown-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "alert-unknown-key", severity: .warning, area: .payload,
            summary: "A key in aps.alert that APNs does not define (a typo such as titel or tilte), ignored by iOS.")

        /// Unknown keys in `aps.alert`, with the key they are probably meant to be.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            UnknownPayloadKeys.find(in: payload).compactMap { key in
                guard key.level == .alert else { return nil }
                return Finding(
                    rule: descriptor, message: "unknown key, ignored by iOS", file: payload.file, keyPath: key.keyPath,
                    suggestion: key.suggestion)
            }
        }
    }
}
