extension Rules {
    /// Code sets a notification's category (content.categoryIdentifier, a service extension's
    /// bestAttemptContent) to one that nothing registers but one registered is close to (a note when
    /// none is: a tag of the code's own); a note for one that no content extension claims when a
    /// service extension sets it (the default look, with its buttons).
    public enum AssignedCategoryUnknown: ProjectRule {
        /// This rule's id (`assigned-category-unknown`), default severity (warning), area
        /// (categories) and summary.
        public static let descriptor = RuleDescriptor(
            id: "assigned-category-unknown", severity: .warning, area: .categories,
            summary:
                "Code sets a notification's category (content.categoryIdentifier, a service extension's bestAttemptContent) to one that nothing registers but one registered is close to: a typo, so iOS shows no buttons and no content extension.",
            causes: [nothingRegistered, ownTag, unclaimed])

        /// The project registers no category at all.
        static let nothingRegistered = RuleDescriptor.Cause(
            id: "nothing-registered", severity: .note,
            summary: "No code of the project registers any category, so none can match.")
        /// Close to no registered category (or registrations left unresolved): a tag of the code's own.
        static let ownTag = RuleDescriptor.Cause(
            id: "own-tag", severity: .note,
            summary:
                "Close to no registered category, or some registrations could not be resolved: likely a tag of the code's own, for which no buttons is what it wants."
        )
        /// A service extension sets a category no content extension claims.
        static let unclaimed = RuleDescriptor.Cause(
            id: "unclaimed", severity: .note,
            summary:
                "A service extension sets a category no content extension claims: the default look, with the category's buttons."
        )

        static func check(_ project: LintProject) -> [Finding] {
            let registered = project.declaredIdentifiers
            let claimed = Set(project.extensions.flatMap(\.categories))
            var findings: [Finding] = []
            for assignment in project.sources.assignments {
                guard let identifier = assignment.value.literal, !identifier.isEmpty else { continue }
                let location = assignment.location
                if project.registersNothing, !registered.contains(identifier) {
                    findings.append(
                        Finding(
                            rule: descriptor, cause: nothingRegistered,
                            message:
                                "the category is set to '\(identifier)', but no code of the project registers any category: iOS shows no buttons and no content extension",
                            file: location.file, line: location.line, column: location.column))
                } else if project.hasRegistrations, !registered.contains(identifier) {
                    // Close to a registered category, a typo: a warning. Like none, a name the code
                    // uses as a tag of its own (no buttons is then what it wants): a note.
                    let suggestion = Suggester.suggestion(for: identifier, among: registered.sorted())
                    let sure = project.unresolvedRegistrations == 0 && suggestion != nil
                    findings.append(
                        Finding(
                            rule: descriptor, cause: sure ? nil : ownTag,
                            message:
                                "the category is set to '\(identifier)', which nothing registers: iOS shows no buttons and no content extension",
                            file: location.file, line: location.line, column: location.column,
                            suggestion: suggestion))
                } else if assignment.receiver.lowercased().contains("bestattempt"), project.hasContentExtension,
                    !claimed.contains(identifier)
                {
                    // Normal for a category registered for its buttons alone: said, as a note.
                    findings.append(
                        Finding(
                            rule: descriptor, cause: unclaimed,
                            message:
                                "the service extension sets the category '\(identifier)', which no content extension claims: the notification gets the default look, with the category's buttons",
                            file: location.file, line: location.line, column: location.column,
                            suggestion: Suggester.suggestion(for: identifier, among: claimed.sorted())))
                }
            }
            return findings
        }
    }
}
