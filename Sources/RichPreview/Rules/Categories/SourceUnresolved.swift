extension Rules {
    /// What the source scanner could not read or resolve: an identifier given by a function
    /// call, an interpolated string, a constant defined outside the files linted, a file it
    /// skipped. A note, never a guess.
    public enum SourceUnresolved: ProjectRule {
        /// This rule's id (`source-unresolved`), default severity (note), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "source-unresolved", severity: .note, area: .categories,
            summary:
                "What the source scanner could not read or resolve: an identifier given by a function call, an interpolated string, a constant defined outside the files linted, a file it skipped. A note, never a guess."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.sources.notes.filter { $0.kind != .notRegistered }.map { note in
                Finding(
                    rule: descriptor, message: note.message, file: note.location?.file ?? note.file,
                    line: note.location?.line, column: note.location?.column)
            }
        }
    }
}
