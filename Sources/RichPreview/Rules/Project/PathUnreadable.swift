extension Rules {
    /// A path given to lint, or found in its tree, that cannot be read: missing, unreadable, a
    /// symbolic link loop, or past the walk's limits.
    public enum PathUnreadable: Rule {
        /// This rule's id (`path-unreadable`), default severity (error), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "path-unreadable", severity: .error, area: .project,
            summary:
                "A path given to lint, or found in its tree, that cannot be read: missing, unreadable, a symbolic link loop, or past the walk's limits."
        )

        package static func finding(file: String, reason: String, severity: Severity? = nil) -> Finding {
            Finding(rule: descriptor, severity: severity, message: reason, file: file)
        }
    }
}
