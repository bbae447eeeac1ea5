extension Rules {
    /// An aps key written at the top level (FCM style content_available): APNs reads it only
    /// inside aps.
    public enum ApsKeyOutsideAps {
        /// This rule's id (`aps-key-outside-aps`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-key-outside-aps", severity: .warning, area: .payload,
            summary: "An aps key written at the top level (FCM style content_available): APNs reads it only inside aps."
        )

        package static func finding(file: String, keyPath: String, suggestion: String) -> Finding {
            Finding(
                rule: descriptor, message: "APNs reads this key only inside 'aps'", file: file, keyPath: keyPath,
                suggestion: suggestion)
        }
    }
}
