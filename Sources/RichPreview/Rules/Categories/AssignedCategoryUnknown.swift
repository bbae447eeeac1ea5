extension Rules {
    /// Code sets a notification's category (content.categoryIdentifier, a service extension's
    /// bestAttemptContent) to one that nothing registers, when every registration was read and
    /// the name is close to a registered one or the app has a content extension (a note when some
    /// registration could not be read, a push SDK registers more at run time, or the name is a
    /// tag of the app's own); a note for one that no content extension claims when a service
    /// extension sets it (the default look, with its buttons).
    public enum AssignedCategoryUnknown: ProjectRule {
        /// This rule's id (`assigned-category-unknown`), default severity (warning), area
        /// (categories) and summary.
        public static let descriptor = RuleDescriptor(
            id: "assigned-category-unknown", severity: .warning, area: .categories,
            summary:
                "Code sets a notification's category (content.categoryIdentifier, a service extension's bestAttemptContent) to one that none of the app's registrations, all of them read, includes: iOS shows no buttons and no content extension.",
            causes: [nothingRegistered, unconfirmed, ownTag, unclaimed])

        /// The project registers no category at all.
        static let nothingRegistered = RuleDescriptor.Cause(
            id: "nothing-registered", severity: .note,
            summary: "No code of the project registers any category, so none can match.")
        /// Some registrations could not be resolved, or an SDK registers categories lint cannot see.
        static let unconfirmed = RuleDescriptor.Cause(
            id: "unconfirmed", severity: .note,
            summary:
                "Some of the app's registrations could not be resolved, or a push SDK registers categories at run time: the category may be among them."
        )
        /// Close to no registered category, in an app without a content extension.
        static let ownTag = RuleDescriptor.Cause(
            id: "own-tag", severity: .note,
            summary:
                "Close to no registered category, in an app with no content extension: a tag of the code's own (a marker the app reads back), for which no buttons is what it wants."
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
            // Only code an app is built from: a test target's fixtures and an SDK's sources set
            // categories of their callers'.
            let builtCode = project.builtCode
            for assignment in project.sources.assignments where builtCode.contains(assignment.location.file) {
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
                    let suggestion = Suggester.suggestion(for: identifier, among: registered.sorted())
                    let cause: RuleDescriptor.Cause?
                    let message: String
                    if project.unresolvedRegistrations > 0 || project.sdkRegisteringUnseenCategories != nil {
                        cause = unconfirmed
                        message =
                            "the category is set to '\(identifier)', which nothing registers that lint could read: iOS shows no buttons and no content extension unless a registration lint could not read includes it"
                    } else if suggestion == nil, !project.hasContentExtension {
                        // Close to no category and no content extension to miss: a tag.
                        cause = ownTag
                        message =
                            "the category is set to '\(identifier)', which none of the app's registrations includes and no content extension draws: a tag of the code's own, shown without buttons"
                    } else {
                        cause = nil
                        message =
                            "the category is set to '\(identifier)', which none of the app's registrations includes: iOS shows no buttons and no content extension"
                    }
                    findings.append(
                        Finding(
                            rule: descriptor, cause: cause, message: message,
                            file: location.file, line: location.line, column: location.column, suggestion: suggestion))
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
