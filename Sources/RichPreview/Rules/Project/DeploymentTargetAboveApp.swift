extension Rules {
    /// A notification extension whose deployment target is above its app's: on the older
    /// systems the app supports it is not installed, and notifications arrive unmodified.
    public enum DeploymentTargetAboveApp: ProjectRule {
        /// This rule's id (`deployment-target-above-app`), default severity (warning), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "deployment-target-above-app", severity: .warning, area: .project,
            summary:
                "A notification extension whose deployment target is above its app's: on the older systems the app supports it is not installed, and notifications arrive unmodified."
        )

        /// An app that supports systems without notification extensions (iOS 9) is not warned
        /// about an extension at the first version that has them.
        private static func firstWithExtensions(_ platform: XcodeProject.Platform) -> [Int] {
            switch platform {
            case .iOS: [10]
            case .watchOS: [6]
            default: []
            }
        }

        static func check(_ project: LintProject) -> [Finding] {
            project.appScopes.flatMap { scope in
                scope.extensions.compactMap { config, built -> Finding? in
                    let app = scope.app.target
                    guard built.target.platform == app.platform, let own = built.target.deploymentTarget,
                        let apps = app.deploymentTarget, let ownParts = XcodeProject.versionParts(own),
                        let appParts = XcodeProject.versionParts(apps),
                        XcodeProject.later(appParts, firstWithExtensions(app.platform)).lexicographicallyPrecedes(
                            ownParts)
                    else { return nil }
                    let setting = app.platform.deploymentSetting ?? "deployment target"
                    return Finding(
                        rule: descriptor,
                        message:
                            "\(built.described) deploys to \(app.platform.rawValue) \(own), above \(scope.app.described)'s \(apps) (\(setting)): on \(app.platform.rawValue) \(apps) up to \(own) the extension is not installed",
                        file: config.file, keyPath: nil)
                }
            }
        }
    }
}
