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
                "A notification extension's code uses an app group (UserDefaults(suiteName:), containerURL(forSecurityApplicationGroupIdentifier:)) that the extension's entitlements, or its app's, do not list in com.apple.security.application-groups: the container is nil and the defaults are not shared, so what the app left there is not seen.",
            causes: [branchUnknown])

        /// The use is in an `#if` branch whose condition the target's settings do not decide.
        static let branchUnknown = RuleDescriptor.Cause(
            id: "branch-unknown", severity: .note,
            summary:
                "The use is in an #if branch whose condition the target's build settings do not decide (a name no target defines, DEBUG, canImport): lint cannot tell whether the target compiles it."
        )

        /// The `#if` branches around each use: a flavour's branch counts only for the targets
        /// whose settings compile it.
        static let sourceQuery = SourceQuery(conditionalRegions: true)

        static func check(_ project: LintProject) -> [Finding] {
            guard !project.sources.appGroupUses.isEmpty else { return [] }
            var findings: [Finding] = []
            var reported: Set<String> = []
            let known = CompilationConditions.knownNames(project.targets.projects.flatMap(\.targets))
            for scope in project.appScopes {
                for (_, built) in scope.extensions {
                    let conditions = CompilationConditions(built.target)
                    var firstUse: [String: (use: ScannedAppGroupUse, compiled: Bool?)] = [:]
                    for use in project.sources.appGroupUses
                    where built.target.compiles(XcodeProject.absolute(use.location.file)) {
                        let regions = project.sources.conditionalRegions(around: use.location)
                        let compiled = conditions.compiles(use.location, in: regions, known: known)
                        guard compiled != false, let group = use.group.literal, !group.isEmpty, !group.contains("$"),
                            firstUse[group]?.compiled != true
                        else { continue }
                        if firstUse[group] == nil || compiled == true { firstUse[group] = (use, compiled) }
                    }
                    for (group, (use, compiled)) in firstUse.sorted(by: {
                        $0.value.use.location < $1.value.use.location
                    }) {
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
                            let branch =
                                compiled == nil
                                ? " (if it compiles this #if branch, which its build settings do not decide)" : ""
                            findings.append(
                                Finding(
                                    rule: descriptor, cause: compiled == nil ? branchUnknown : nil,
                                    message:
                                        "\(built.described) uses the app group '\(group)'\(branch), which \(whose) lack (\(entitlements)): the container is nil and the defaults are not shared",
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
