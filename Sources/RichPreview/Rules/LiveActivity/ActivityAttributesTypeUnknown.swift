extension Rules {
    /// A Live Activity push-to-start whose `attributes-type` names none of the app's
    /// `ActivityAttributes` types exactly: nothing starts, and APNs still answers 200.
    public enum ActivityAttributesTypeUnknown: ProjectRule {
        /// This rule's id (`activity-attributes-type-unknown`), default severity (error), area
        /// (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "activity-attributes-type-unknown", severity: .error, area: .payload,
            summary:
                "A Live Activity push-to-start whose attributes-type names none of the app's ActivityAttributes types exactly: nothing starts, though APNs answers 200."
        )

        /// The app's `ActivityAttributes` types.
        static let sourceQuery = SourceQuery(conformances: ["ActivityAttributes"])

        /// Each start payload naming no type of the app's, when the app declares at least one.
        static func check(_ project: LintProject) -> [Finding] {
            let declared = LiveActivityContract.attributeTypes(in: project.sources)
            guard !declared.isEmpty else { return [] }
            let names = Set(declared.map(LiveActivityContract.typeName)).sorted()
            return project.payloads.compactMap { payload in
                guard let aps = (payload.report.payload ?? payload.read)?.aps, aps.event == .start,
                    let named = aps.attributesType,
                    !names.contains(named)
                else { return nil }
                return Finding(
                    rule: descriptor,
                    message:
                        "attributes-type '\(named)' is none of the app's ActivityAttributes types (\(names.joined(separator: ", "))): the activity does not start",
                    file: payload.file, keyPath: "aps.attributes-type",
                    suggestion: Suggester.suggestion(for: named, among: names))
            }
        }
    }
}
