import Foundation

extension Rules {
    /// A notification extension's code uses an app group (`UserDefaults(suiteName:)`,
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`) that the extension's entitlements,
    /// or its app's, do not list in `com.apple.security.application-groups`: the container is
    /// nil and the defaults are not shared, so what the app left there is not seen.
    public enum AppGroupMissing: ProjectRule {
        /// This rule's id (`app-group-missing`), default severity (warning), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "app-group-missing", severity: .warning, area: .project,
            summary:
                "A notification extension's code uses an app group (UserDefaults(suiteName:), containerURL(forSecurityApplicationGroupIdentifier:)) that the extension's entitlements, or its app's, do not list in com.apple.security.application-groups: the container is nil and the defaults are not shared, so what the app left there is not seen."
        )

        static func check(_ project: LintProject) -> [Finding] {
            guard !project.sources.appGroupUses.isEmpty else { return [] }
            var findings: [Finding] = []
            var reported: Set<String> = []
            for scope in project.appScopes {
                for (_, built) in scope.extensions {
                    let uses = project.sources.appGroupUses.filter {
                        built.target.compiles(XcodeProject.absolute($0.location.file))
                    }
                    var firstUse: [String: ScannedAppGroupUse] = [:]
                    for use in uses {
                        guard let group = use.group.literal, !group.isEmpty, !group.contains("$"),
                            firstUse[group] == nil
                        else { continue }
                        firstUse[group] = use
                    }
                    for (group, use) in firstUse.sorted(by: { $0.value.location < $1.value.location }) {
                        for target in [built, scope.app] {
                            guard let groups = project.appGroups(of: target), !groups.contains(group),
                                reported.insert(target.key + "\u{0}" + group).inserted
                            else { continue }
                            let entitlements =
                                target.target.entitlements.map {
                                    "\(($0 as NSString).lastPathComponent) does not list it in com.apple.security.application-groups"
                                }
                                ?? "it has no entitlements file"
                            let whose =
                                target.key == built.key
                                ? "its own entitlements" : "the entitlements of \(target.described), which embeds it,"
                            findings.append(
                                Finding(
                                    rule: descriptor,
                                    message:
                                        "\(built.described) uses the app group '\(group)', which \(whose) lack (\(entitlements)): the container is nil and the defaults are not shared",
                                    file: use.location.file, line: use.location.line, column: use.location.column,
                                    keyPath: nil))
                        }
                    }
                }
            }
            return findings
        }
    }
}
