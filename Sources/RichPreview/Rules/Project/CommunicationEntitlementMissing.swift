extension Rules {
    /// Communication notifications (a service extension that lists `INSendMessageIntent` in
    /// `IntentsSupported`, or code that updates a notification from a message intent) while no
    /// app has the `com.apple.developer.usernotifications.communication` entitlement, or no app's
    /// Info.plist lists the intent in `NSUserActivityTypes`: iOS shows the plain notification,
    /// without the sender's picture.
    public enum CommunicationEntitlementMissing: ProjectRule {
        /// This rule's id (`communication-entitlement-missing`), default severity (warning), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "communication-entitlement-missing", severity: .warning, area: .project,
            summary:
                "Communication notifications (a service extension that lists INSendMessageIntent in IntentsSupported, or code that updates a notification from a message intent) while no app has the com.apple.developer.usernotifications.communication entitlement, or no app's Info.plist lists the intent in NSUserActivityTypes: iOS shows the plain notification, without the sender's picture."
        )

        static let entitlement = "com.apple.developer.usernotifications.communication"
        /// The intents a communication notification is built from.
        static let intents: Set<String> = ["INSendMessageIntent", "INStartCallIntent"]

        static func check(_ project: LintProject) -> [Finding] {
            let uses = declaringPlists(project) + project.uses(of: .communication)
            guard let first = uses.first else { return [] }
            var findings = project.entitlementFinding(
                descriptor, entitlement: entitlement, capability: "Communication Notifications", uses: uses,
                effect: "iOS shows the plain notification, without the sender's picture")
            let apps = project.appScopes.filter { $0.app.target.platform == .iOS || $0.app.target.platform == .unknown }
            let plists = apps.compactMap(\.plist)
            if !apps.isEmpty, plists.count == apps.count,
                !plists.contains(where: { !intents.isDisjoint(with: $0.userActivityTypes) })
            {
                findings += plists.map { plist in
                    Finding(
                        rule: descriptor,
                        message:
                            "INSendMessageIntent is not among the app's NSUserActivityTypes, which communication notifications (\(first.file)) need it declared in",
                        file: plist.file, keyPath: plist.keyPath("NSUserActivityTypes"))
                }
            }
            return findings
        }

        /// Service extensions whose plists list a message or call intent in `IntentsSupported`.
        private static func declaringPlists(_ project: LintProject) -> [LintProject.CapabilityUse] {
            project.extensions.compactMap { config in
                guard config.point == .serviceExtension,
                    let supported = project.writtenExtensionPlists[config.file]?["NSExtension"]?.dictionary?[
                        "NSExtensionAttributes"]?.dictionary?["IntentsSupported"]?.array?.compactMap(\.string),
                    !intents.isDisjoint(with: supported)
                else { return nil }
                return LintProject.CapabilityUse(
                    file: config.file, keyPath: "NSExtension.NSExtensionAttributes.IntentsSupported",
                    what: "IntentsSupported (communication notifications)")
            }
        }
    }
}
