extension Rules {
    /// A category claimed by two content extensions of one app: Apple requires each extension to have its
    /// own categories and does not say which one draws it.
    public enum CategoryClaimedTwice: ProjectRule {
        /// This rule's id (`category-claimed-twice`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "category-claimed-twice", severity: .error, area: .plist,
            summary:
                "A category claimed by two content extensions of one app: Apple requires each extension to have its own categories and does not say which one draws it."
        )

        static func finding(_ conflict: CategoryConflict) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "category '\(conflict.category)' is also claimed by \(conflict.winner), which comes first and draws it; each content extension needs its own categories",
                file: conflict.loser, keyPath: "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory")
        }

        /// Every category two content extensions of one app claim (of the project, without a
        /// project file to say which app embeds which).
        static func check(_ project: LintProject) -> [Finding] {
            let scopes = project.claimScopes
            if scopes.count == 1 { return project.registry.conflicts.map(finding) }
            var seen: Set<[String]> = []
            return scopes.flatMap { ExtensionRegistry($0).conflicts }.filter {
                seen.insert([$0.category, $0.winner, $0.loser]).inserted
            }.map(finding)
        }
    }
}
