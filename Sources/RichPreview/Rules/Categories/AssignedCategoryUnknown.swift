extension Rules {
    /// Code sets a notification's category (content.categoryIdentifier, a service extension's
    /// bestAttemptContent) to one that nothing registers, or that no content extension claims
    /// when a service extension sets it.
    public enum AssignedCategoryUnknown: ProjectRule {
        /// This rule's id (`assigned-category-unknown`), default severity (warning), area
        /// (categories) and summary.
        public static let descriptor = RuleDescriptor(
            id: "assigned-category-unknown", severity: .warning, area: .categories,
            summary:
                "Code sets a notification's category (content.categoryIdentifier, a service extension's bestAttemptContent) to one that nothing registers, or that no content extension claims when a service extension sets it."
        )

        static func check(_ project: LintProject) -> [Finding] {
            let registered = project.registeredIdentifiers
            let claimed = Set(project.extensions.flatMap(\.categories))
            var findings: [Finding] = []
            for assignment in project.sources.assignments {
                guard let identifier = assignment.value.literal, !identifier.isEmpty else { continue }
                let location = assignment.location
                if project.hasRegistrations, !registered.contains(identifier) {
                    findings.append(
                        Finding(
                            rule: descriptor, severity: project.unresolvedRegistrations > 0 ? .note : nil,
                            message:
                                "the category is set to '\(identifier)', which nothing registers: iOS shows no buttons and no content extension",
                            file: location.file, line: location.line, column: location.column,
                            suggestion: Suggester.suggestion(for: identifier, among: registered.sorted())))
                } else if assignment.receiver.lowercased().contains("bestattempt"), project.hasContentExtension,
                    !claimed.contains(identifier)
                {
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "the service extension sets the category '\(identifier)', which no content extension claims: the notification gets the default look",
                            file: location.file, line: location.line, column: location.column,
                            suggestion: Suggester.suggestion(for: identifier, among: claimed.sorted())))
                }
            }
            return findings
        }
    }
}
