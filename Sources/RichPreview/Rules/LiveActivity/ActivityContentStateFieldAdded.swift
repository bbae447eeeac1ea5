extension Rules {
    /// A field a Live Activity's `ContentState` must decode that it did not have in the baseline
    /// (`lint --baseline-ref`): activities already running were started with content states
    /// without it, and the updated app's widget cannot decode them.
    public enum ActivityContentStateFieldAdded: ProjectRule {
        /// This rule's id (`activity-content-state-field-added`), default severity (warning), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "activity-content-state-field-added", severity: .warning, area: .project,
            summary:
                "A required field added to a Live Activity's ContentState since the baseline (lint --baseline-ref): activities running on phones hold content states without it, which the updated app cannot decode; make it optional."
        )

        /// The app's `ActivityAttributes` types, their `ContentState` and its `CodingKeys`.
        static let sourceQuery = SourceQuery(conformances: ["ActivityAttributes", "Codable", "Decodable"])

        static func check(_ project: LintProject) -> [Finding] {
            guard let baseline = project.baseline else { return [] }
            let shipped = Dictionary(
                LiveActivityContract.attributeTypes(in: baseline.sources).map { ($0.name, $0) }
            ) { first, _ in first }
            var findings: [Finding] = []
            for type in LiveActivityContract.distinctAttributeTypes(in: project.sources) {
                guard
                    let before = shipped[type.name],
                    let state = LiveActivityContract.contentState(of: type, in: project.sources),
                    let stateBefore = LiveActivityContract.contentState(of: before, in: baseline.sources),
                    !state.hasCustomDecoder, !stateBefore.hasCustomDecoder
                else { continue }
                let keysBefore = Set(
                    LiveActivityContract.decodedFields(of: stateBefore, in: baseline.sources).map(\.key))
                for (key, field) in LiveActivityContract.decodedFields(of: state, in: project.sources)
                where !keysBefore.contains(key) {
                    guard let annotation = field.type else { continue }
                    if case .optional = LiveActivityContract.FieldShape(annotation) { continue }
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "\(state.name) requires '\(key)', which it did not have at \(baseline.name): activities started before this change hold content states without it, and the updated app cannot decode them (\"Unable to decode content state\") until they end; declare it \(annotation)?",
                            file: field.location.file, line: field.location.line, column: field.location.column,
                            suggestion: "\(field.name): \(annotation)?"))
                }
            }
            return findings
        }
    }
}
