extension Rules {
    /// A custom key placed inside aps: APNs ignores it there; custom keys go beside aps.
    public enum CustomKeyInAps {
        /// This rule's id (`custom-key-in-aps`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "custom-key-in-aps", severity: .warning, area: .payload,
            summary: "A custom key placed inside aps: APNs ignores it there; custom keys go beside aps.")

        package static func finding(file: String, keyPath: String) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "not an APNs key: custom keys belong beside 'aps', where the app can read them; iOS ignores it here",
                file: file, keyPath: keyPath)
        }
    }
}
