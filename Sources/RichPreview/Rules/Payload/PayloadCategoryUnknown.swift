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
            return project.payloads.compactMap { payload in
                guard let category = payload.report.payload?.aps?.category, !registered.contains(category) else {
                    return nil
                }
                return Finding(
                    rule: descriptor, severity: project.unresolvedRegistrations > 0 ? .note : nil,
                    message:
                        "category '\(category)' is not registered by the app, so iOS shows the notification without buttons or a content extension",
                    file: payload.file, keyPath: "aps.category",
                    suggestion: Suggester.suggestion(for: category, among: registered.sorted()))
            }
        }
    }
}
