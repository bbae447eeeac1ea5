extension Rules {
    /// A key in aps (or aps.sound) that APNs does not define but that is close to one it does:
    /// a typo iOS ignores.
    public enum ApsUnknownKey {
        /// This rule's id (`aps-unknown-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-unknown-key", severity: .warning, area: .payload,
            summary:
                "A key in aps (or aps.sound) that APNs does not define but that is close to one it does: a typo iOS ignores."
        )

        package static func finding(file: String, keyPath: String, suggestion: String) -> Finding {
            Finding(
                rule: descriptor, message: "unknown key, ignored by iOS", file: file, keyPath: keyPath,
                suggestion: suggestion)
        }
    }
}
