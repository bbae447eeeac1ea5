extension Rules {
    /// A banner drawn for a notification whose `interruption-level` is `passive`: iOS 15 and later
    /// add it to the notification list silently, with no banner, sound or screen wake.
    public enum PassiveNoBanner: CardRule {
        /// This rule's id (`passive-no-banner`), default severity (note), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "passive-no-banner", severity: .note, area: .payload,
            summary:
                "A banner drawn for a notification whose interruption-level is passive: iOS 15 and later add it to the notification list silently, with no banner, sound or screen wake."
        )

        static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
            guard card.state == .banner, card.interruptionLevel == .passive else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "interruption-level is passive: iOS shows no banner for it (it goes to the notification list silently); the banner is drawn for review only",
                    file: file, keyPath: "aps.interruption-level")
            ]
        }
    }
}
