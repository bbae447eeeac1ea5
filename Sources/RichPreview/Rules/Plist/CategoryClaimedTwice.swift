extension Rules {
    /// A category claimed by two content extensions: Apple requires each extension to have its
    /// own categories and does not say which one draws it.
    public enum CategoryClaimedTwice: ProjectRule {
        /// This rule's id (`category-claimed-twice`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "category-claimed-twice", severity: .error, area: .plist,
            summary:
                "A category claimed by two content extensions: Apple requires each extension to have its own categories and does not say which one draws it."
        )

        package static func finding(category: String, winner: String, loser: String, severity: Severity? = nil)
            -> Finding
        {
            Finding(
                rule: descriptor, severity: severity,
                message:
                    "category '\(category)' is also claimed by \(winner), which comes first and draws it; each content extension needs its own categories",
                file: loser, keyPath: "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory")
        }

        /// Every category two content extensions of the project claim.
        static func check(_ project: LintProject) -> [Finding] {
            project.registry.conflicts.map { finding(category: $0.category, winner: $0.winner, loser: $0.loser) }
        }
    }
}
