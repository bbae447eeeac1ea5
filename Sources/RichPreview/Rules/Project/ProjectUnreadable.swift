extension Rules {
    /// A `project.pbxproj` or an entitlements file in the tree that cannot be read: what it would
    /// say about targets, settings and entitlements is unknown, and the rest is linted without it.
    public enum ProjectUnreadable: ProjectRule {
        /// This rule's id (`project-unreadable`), default severity (error), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "project-unreadable", severity: .error, area: .project,
            summary:
                "A project.pbxproj or an entitlements file in the tree that cannot be read: what it would say about targets, settings and entitlements is unknown, and the rest is linted without it."
        )

        /// Each project or entitlements file the loader could not read.
        static func check(_ project: LintProject) -> [Finding] {
            project.unreadableProjectFiles.map { file, reason, isEntitlements in
                Finding(
                    rule: descriptor,
                    message: isEntitlements
                        ? "\(reason); what its targets are entitled to is taken as unknown"
                        : "\(reason); its targets and settings are not used",
                    file: file)
            }
        }
    }
}
