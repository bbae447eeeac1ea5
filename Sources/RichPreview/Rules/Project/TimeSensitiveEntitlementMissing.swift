extension Rules {
    /// A payload or code asks for the time-sensitive interruption level while no app's
    /// entitlements have `com.apple.developer.usernotifications.time-sensitive`: iOS delivers the
    /// notification as active, and it never breaks through a Focus.
    public enum TimeSensitiveEntitlementMissing: ProjectRule {
        /// This rule's id (`time-sensitive-entitlement-missing`), default severity (warning),
        /// area (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "time-sensitive-entitlement-missing", severity: .warning, area: .project,
            summary:
                "A payload or code asks for the time-sensitive interruption level while no app's entitlements have com.apple.developer.usernotifications.time-sensitive: iOS delivers the notification as active, and it never breaks through a Focus."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.entitlementFinding(
                descriptor, entitlement: "com.apple.developer.usernotifications.time-sensitive",
                capability: "Time Sensitive Notifications", uses: project.uses(of: .timeSensitive),
                effect: "iOS delivers it as active, and it never breaks through a Focus")
        }
    }
}
