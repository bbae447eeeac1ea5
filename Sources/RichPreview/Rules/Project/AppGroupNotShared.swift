import Foundation

extension Rules {
    /// A notification extension's entitlements list an app group its app's do not: the group
    /// shares nothing between them, so what the extension keeps there (a badge count, the
    /// notifications a push SDK has seen) never reaches the app, nor the app's settings the
    /// extension.
    public enum AppGroupNotShared: ProjectRule {
        /// This rule's id (`app-group-not-shared`), default severity (warning), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "app-group-not-shared", severity: .warning, area: .project,
            summary:
                "A notification extension's entitlements list an app group its app's do not: the group shares nothing between them, so what the extension keeps there (a badge count, the pushes a push SDK has seen) never reaches the app."
        )

        /// One finding per extension and group, on the extension's plist; none when either
        /// target's groups are not known (an entitlements file not read, a script adding groups).
        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for scope in project.appScopes {
                guard let appGroups = project.appGroups(of: scope.app) else { continue }
                for (config, built) in scope.extensions {
                    guard let own = project.appGroups(of: built) else { continue }
                    for group in own.subtracting(appGroups).sorted() {
                        let entitlements = scope.app.target.entitlements.map { ($0 as NSString).lastPathComponent }
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "\(built.described) lists the app group '\(group)', which \(scope.app.described) does not (\(entitlements.map { "\($0) lacks it" } ?? "it has no entitlements file")): nothing is shared between them through it",
                                file: config.file))
                    }
                }
            }
            return findings
        }
    }
}
