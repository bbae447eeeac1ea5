import Foundation

extension Rules {
    /// A cross-platform app's push SDK needs an app group shared by the app and its notification
    /// service extension (OneSignal's `group.<bundle id>.onesignal`, Braze's), and the app's or
    /// the extension's entitlements lack it: what the extension records (badges, confirmed
    /// deliveries, shared state) never reaches the app.
    public enum SdkAppGroupMissing: ProjectRule {
        /// This rule's id (`sdk-app-group-missing`), default severity (warning), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "sdk-app-group-missing", severity: .warning, area: .project,
            summary:
                "A Flutter, React Native, Expo or Capacitor app's push SDK needs an app group shared by the app and its notification service extension (OneSignal's group.<bundle id>.onesignal, Braze's), and the app's or the extension's entitlements lack it."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for app in project.crossPlatform {
                for (sdk, rich, _) in app.richSDKs {
                    guard let suffix = rich.appGroupSuffix else { continue }
                    for (scope, config, built) in project.serviceExtensions(of: app) {
                        let named = rich.appGroupKey.flatMap { key in
                            scope.plist?.texts[key].flatMap { scope.app.target.settings.expandedFully($0) }
                        }
                        let bundle = scope.app.target.bundleIdentifier.flatMap {
                            scope.app.target.settings.expandedFully($0)
                        }
                        let expected = named ?? (suffix.isEmpty ? nil : bundle.map { "group.\($0)\(suffix)" })
                        for target in [scope.app, built] {
                            guard let groups = project.appGroups(of: target) else { continue }
                            let has =
                                expected.map { groups.contains($0) }
                                ?? (suffix.isEmpty
                                    ? !groups.isEmpty : groups.contains { $0.hasSuffix(suffix) })
                            guard !has else { continue }
                            let group = expected.map { "'\($0)'" } ?? "an app group"
                            let file = target.target.entitlements.map { ($0 as NSString).lastPathComponent }
                            let lacking =
                                file.map { "\($0) does not list \(group) in com.apple.security.application-groups" }
                                ?? "it has no entitlements file"
                            findings.append(
                                Finding(
                                    rule: descriptor,
                                    message:
                                        "\(sdk.name) needs \(group) shared by \(scope.app.described) and its notification service extension \(built.described), and \(target.described) lacks it (\(lacking)): add the App Groups capability with \(group) to both targets",
                                    file: target.key == built.key
                                        ? config.file : (scope.plist?.file ?? scope.app.project),
                                    notes: ["\(sdk.name): \(rich.documentation)"]))
                        }
                    }
                }
            }
            return findings
        }
    }
}
