extension Rules {
    /// A payload or code asks for a critical alert (the critical interruption level, a critical
    /// sound) while no app's entitlements have `com.apple.developer.usernotifications.critical-alerts`,
    /// which Apple grants on request: iOS plays it as an ordinary notification, muted by the switch
    /// and by Focus.
    public enum CriticalAlertEntitlementMissing: ProjectRule {
        /// This rule's id (`critical-alert-entitlement-missing`), default severity (warning),
        /// area (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "critical-alert-entitlement-missing", severity: .warning, area: .project,
            summary:
                "A payload or code asks for a critical alert (the critical interruption level, a critical sound) while no app's entitlements have com.apple.developer.usernotifications.critical-alerts, which Apple grants on request: iOS plays it as an ordinary notification, muted by the switch and by Focus."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.entitlementFinding(
                descriptor, entitlement: "com.apple.developer.usernotifications.critical-alerts",
                capability: "Critical Alerts", uses: project.uses(of: .criticalAlert),
                effect: "iOS shows it as an ordinary notification, silenced by the mute switch and by Focus")
        }
    }
}
