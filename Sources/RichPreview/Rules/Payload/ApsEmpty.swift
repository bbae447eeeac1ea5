extension Rules {
    /// An empty aps dictionary: the push shows nothing, plays nothing and wakes nothing.
    public enum ApsEmpty: ProjectRule {
        /// This rule's id (`aps-empty`), default severity (warning), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-empty", severity: .warning, area: .payload,
            summary: "An empty aps dictionary: the push shows nothing, plays nothing and wakes nothing.")

        static func check(_ project: LintProject) -> [Finding] {
            project.payloads.compactMap { payload in
                guard let aps = payload.report.payload?.aps, aps == APSDictionary() else { return nil }
                return Finding(
                    rule: descriptor, message: "aps is empty: the push shows nothing and wakes nothing",
                    file: payload.file, keyPath: "aps")
            }
        }
    }
}
