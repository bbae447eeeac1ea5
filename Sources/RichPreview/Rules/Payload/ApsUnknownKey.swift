extension Rules {
    /// A key in aps (or aps.sound) that APNs does not define but that is close to one it does:
    /// a typo iOS ignores.
    public enum ApsUnknownKey: PayloadRule {
        /// This rule's id (`aps-unknown-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-unknown-key", severity: .warning, area: .payload,
            summary:
                "A key in aps (or aps.sound) that APNs does not define but that is close to one it does: a typo iOS ignores."
        )

        /// Unknown keys in `aps` and `aps.sound` that are close to a key Apple defines.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            UnknownPayloadKeys.find(in: payload).compactMap { key in
                guard key.level != .alert, let suggestion = key.suggestion else { return nil }
                return Finding(
                    rule: descriptor, message: "unknown key, ignored by iOS", file: payload.file, keyPath: key.keyPath,
                    suggestion: suggestion)
            }
        }
    }
}
