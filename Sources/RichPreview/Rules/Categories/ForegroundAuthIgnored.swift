extension Rules {
    /// An iOS 8 action in the foreground activation mode that sets authenticationRequired to
    /// NO: iOS ignores it and asks for unlock anyway.
    public enum ForegroundAuthIgnored: ProjectRule {
        /// This rule's id (`foreground-auth-ignored`), default severity (note), area (categories)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "foreground-auth-ignored", severity: .note, area: .categories,
            summary:
                "An iOS 8 action in the foreground activation mode that sets authenticationRequired to NO: iOS ignores it and asks for unlock anyway."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.sources.categories.flatMap(\.actions).filter {
                $0.activationMode?.lowercased().contains("foreground") == true && $0.authenticationRequired == false
            }.map { action in
                Finding(
                    rule: descriptor,
                    message:
                        "action '\(action.identifier)' runs in the foreground, where iOS ignores authenticationRequired = NO and always asks for unlock",
                    file: action.location.file, line: action.location.line, column: action.location.column)
            }
        }
    }
}
