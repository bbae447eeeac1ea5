extension Rules {
    /// A payload's aps.category that no category of the project registers: iOS shows it without
    /// buttons and without a content extension.
    public enum PayloadCategoryUnknown: ProjectRule {
        /// This rule's id (`payload-category-unknown`), default severity (error), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-category-unknown", severity: .error, area: .payload,
            summary:
                "A payload's aps.category that no category of the project registers: iOS shows it without buttons and without a content extension."
        )

        static func check(_ project: LintProject) -> [Finding] {
            guard project.hasRegistrations else { return [] }
            let registered = project.registeredIdentifiers
            let unsure = project.unresolvedRegistrations > 0
            // Normalised once, on the first finding that needs a suggestion.
            var candidates: Suggester.Candidates?
            return project.payloads.compactMap { payload in
                guard let category = payload.report.payload?.aps?.category, !registered.contains(category) else {
                    return nil
                }
                let suggestions = candidates ?? Suggester.Candidates(registered.sorted())
                candidates = suggestions
                return Finding(
                    rule: descriptor, severity: unsure ? .note : nil,
                    message:
                        "category '\(category)' is not registered by the app, so iOS shows the notification without buttons or a content extension",
                    file: payload.file, keyPath: "aps.category",
                    suggestion: suggestions.suggestion(for: category))
            }
        }
    }
}
