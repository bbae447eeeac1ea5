extension Rules {
    /// The kind of app lint saw: a Flutter, React Native, Expo or Capacitor app, the iOS project
    /// it read for it, and the push SDKs it depends on. Said once per app, so that a summary (and
    /// `--format json`) says what the checks of its iOS side were run on.
    public enum CrossPlatformAppSeen: ProjectRule {
        /// This rule's id (`cross-platform-app-seen`), default severity (note), area (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "cross-platform-app-seen", severity: .note, area: .project,
            summary:
                "The tree is a Flutter, React Native, Expo or Capacitor app: which one, the iOS project lint read for it (none in a managed Expo app) and the push SDKs it depends on."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.crossPlatform.map { app in
                Finding(
                    rule: descriptor, message: app.app.summary, file: app.app.manifest,
                    notes: app.richSDKs.map { "\($0.sdk.name): \($0.rich.documentation)" })
            }
        }
    }
}
