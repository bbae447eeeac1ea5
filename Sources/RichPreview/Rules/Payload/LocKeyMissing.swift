extension Rules {
    /// A title-loc-key, subtitle-loc-key or loc-key that the app's Localizable strings lack: iOS
    /// shows the key itself.
    public enum LocKeyMissing: CardRule {
        /// This rule's id (`loc-key-missing`), default severity (warning), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "loc-key-missing", severity: .warning, area: .payload,
            summary:
                "A title-loc-key, subtitle-loc-key or loc-key that the app's Localizable strings lack: iOS shows the key itself."
        )

        static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
            card.missingLocalizationKeys.map { missing in
                Finding(
                    rule: descriptor,
                    message:
                        "'\(missing.key)' is not in the app's Localizable strings (\(missing.language)): iOS shows the key itself",
                    file: file, keyPath: missing.keyPath)
            }
        }
    }
}
