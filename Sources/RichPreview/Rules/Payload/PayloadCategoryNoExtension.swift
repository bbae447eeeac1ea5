extension Rules {
    /// A payload's category that no content extension of the project claims: iOS shows its
    /// default look, not a custom view.
    public enum PayloadCategoryNoExtension: ProjectRule {
        /// This rule's id (`payload-category-no-extension`), default severity (note), area
        /// (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-category-no-extension", severity: .note, area: .payload,
            summary:
                "A payload's category that no content extension of the project claims: iOS shows its default look, not a custom view."
        )

        static func check(_ project: LintProject) -> [Finding] {
            guard project.hasContentExtension else { return [] }
            let claimed = Set(project.extensions.flatMap(\.categories))
            // Normalised once, on the first finding that needs a suggestion.
            var candidates: Suggester.Candidates?
            return project.payloads.compactMap { payload in
                guard let category = payload.report.payload?.aps?.category, !claimed.contains(category) else {
                    return nil
                }
                let suggestions = candidates ?? Suggester.Candidates(claimed.sorted())
                candidates = suggestions
                return Finding(
                    rule: descriptor,
                    message: "no content extension claims category '\(category)': iOS shows its default look",
                    file: payload.file, keyPath: "aps.category",
                    suggestion: suggestions.suggestion(for: category))
            }
        }
    }
}
