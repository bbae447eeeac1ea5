extension Rules {
    /// A cross-platform app's notification service extension deploys to an iOS above the
    /// `platform :ios` of the app's `Podfile`, and the app target names no deployment target of
    /// its own (so the Podfile's is the oldest iOS the app is built for): on the systems between,
    /// the extension is not installed and pushes arrive unmodified.
    public enum ExtensionAbovePodfilePlatform: ProjectRule {
        /// This rule's id (`extension-above-podfile-platform`), default severity (warning), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "extension-above-podfile-platform", severity: .warning, area: .project,
            summary:
                "A Flutter, React Native, Expo or Capacitor app's notification service extension deploys to an iOS above the Podfile's platform :ios while the app target names no deployment target of its own: on the systems between, the extension is not installed."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for app in project.crossPlatform {
                guard let podfile = app.podfile, let platform = podfile.iosPlatform,
                    let floor = XcodeProject.versionParts(platform)
                else { continue }
                let sdks =
                    app.richSDKs.isEmpty
                    ? "" : " and pushes of \(CrossPlatformProject.naming(app.richSDKs)) arrive without their images"
                for (scope, config, built) in project.serviceExtensions(of: app) {
                    guard scope.app.target.deploymentTarget == nil, let own = built.target.deploymentTarget,
                        let parts = XcodeProject.versionParts(own), floor.lexicographicallyPrecedes(parts)
                    else { continue }
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "\(built.described) deploys to iOS \(own), above platform :ios, '\(platform)' of \(podfile.file), which \(scope.app.described) is built for: on iOS \(platform) up to \(own) the extension is not installed\(sdks); set the extension's IPHONEOS_DEPLOYMENT_TARGET to \(platform)",
                            file: config.file, notes: CrossPlatformProject.links(app.richSDKs)))
                }
            }
            return findings
        }
    }
}
