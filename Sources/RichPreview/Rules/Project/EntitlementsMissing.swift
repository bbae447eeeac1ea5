import Foundation

extension Rules {
    /// An app or extension target signs with an entitlements file (`CODE_SIGN_ENTITLEMENTS`) that
    /// is not in the tree: Xcode stops the build, unable to open it. A note when a "Run Script"
    /// phase of the target names the file, which may write it as the target is built.
    public enum EntitlementsMissing: ProjectRule {
        /// This rule's id (`entitlements-missing`), default severity (error), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "entitlements-missing", severity: .error, area: .project,
            summary:
                "An app or extension target signs with an entitlements file (CODE_SIGN_ENTITLEMENTS) that is not in the tree: Xcode stops the build, unable to open it, and nothing the app is entitled to can be checked.",
            causes: [writtenByScript, differsInCase])

        /// A script of the target names the file.
        static let writtenByScript = RuleDescriptor.Cause(
            id: "written-by-script", severity: .note,
            summary: "A \"Run Script\" phase of the target names the file, which may write it as the target is built.")

        /// The file is there under a name that differs in letter case.
        static let differsInCase = RuleDescriptor.Cause(
            id: "differs-in-case", severity: .note,
            summary:
                "A file whose name differs only in letter case is there: the build finds it on a Mac's default, case-insensitive disk, and fails on a case-sensitive one (a Linux CI runner, a case-sensitive volume)."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.missingEntitlements.compactMap { missing in
                let built = missing.targets.filter {
                    ($0.target.isApplication || $0.target.isExtension) && $0.target.platform.hasNotifications
                }
                guard !built.isEmpty else { return nil }
                let fileName = (missing.named as NSString).lastPathComponent
                let scripted = built.contains { project.targetScripts[$0.key]?.contains(fileName) == true }
                let targets = built.map(\.described).joined(separator: ", ")
                if missing.differsInCase {
                    return Finding(
                        rule: descriptor, cause: differsInCase,
                        message:
                            "\(targets) signs with '\(missing.named)', which the tree holds only under a name that differs in letter case: found on a Mac's default disk, not on a case-sensitive one",
                        file: missing.projectFile)
                }
                return Finding(
                    rule: descriptor, cause: scripted ? writtenByScript : nil,
                    message: scripted
                        ? "\(targets) signs with '\(missing.named)', which is not in the tree; a script of the target names it and may write it as the target is built"
                        : "\(targets) signs with '\(missing.named)' (CODE_SIGN_ENTITLEMENTS), which is not in the tree: Xcode stops the build, unable to open it",
                    file: missing.projectFile)
            }
        }
    }
}
