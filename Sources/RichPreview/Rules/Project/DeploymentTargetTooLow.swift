extension Rules {
    /// A notification extension target whose iOS deployment target is below 10.0, where the
    /// UserNotifications extensions first ran.
    public enum DeploymentTargetTooLow: ProjectRule {
        /// This rule's id (`deployment-target-too-low`), default severity (error), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "deployment-target-too-low", severity: .error, area: .project,
            summary:
                "A notification extension target whose iOS deployment target is below 10.0, where the UserNotifications extensions first ran."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.appScopes.flatMap(\.extensions).compactMap { config, built in
                guard built.target.platform == .iOS, let version = built.target.deploymentTarget,
                    let parts = XcodeProject.versionParts(version), parts.lexicographicallyPrecedes([10])
                else { return nil }
                return Finding(
                    rule: descriptor,
                    message:
                        "\(built.described) deploys to iOS \(version); notification extensions need iOS 10.0 or later (IPHONEOS_DEPLOYMENT_TARGET)",
                    file: config.file, keyPath: nil)
            }
        }
    }
}
