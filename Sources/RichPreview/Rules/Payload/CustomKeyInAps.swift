extension Rules {
    /// A custom key placed inside aps: APNs ignores it there; custom keys go beside aps.
    public enum CustomKeyInAps: PayloadRule {
        /// This rule's id (`custom-key-in-aps`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "custom-key-in-aps", severity: .warning, area: .payload,
            summary: "A custom key placed inside aps: APNs ignores it there; custom keys go beside aps.")

        /// Unknown keys in `aps` and `aps.sound` close to no key Apple defines: custom keys.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            UnknownPayloadKeys.find(in: payload).compactMap { key in
                guard key.level != .alert, key.suggestion == nil else { return nil }
                return Finding(
                    rule: descriptor,
                    message:
                        "not an APNs key: custom keys belong beside 'aps', where the app can read them; iOS ignores it here",
                    file: payload.file, keyPath: key.keyPath)
            }
        }
    }
}
