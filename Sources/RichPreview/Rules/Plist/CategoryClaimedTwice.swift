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

        static func finding(_ conflict: CategoryConflict) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "category '\(conflict.category)' is also claimed by \(conflict.winner), which comes first and draws it; each content extension needs its own categories",
                file: conflict.loser, keyPath: "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory")
        }

        /// Every category two content extensions of the project claim.
        static func check(_ project: LintProject) -> [Finding] {
            project.registry.conflicts.map(finding)
        }
    }
}

extension CategoryConflict {
    /// The overlap as a finding of `category-claimed-twice`.
    public var finding: Finding { Rules.CategoryClaimedTwice.finding(self) }
}
