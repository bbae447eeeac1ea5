extension Rules {
    /// The dismiss action handled for a category without customDismissAction: iOS never
    /// delivers it.
    public enum DismissActionUnreachable {
        public static let descriptor = RuleDescriptor(
            id: "dismiss-action-unreachable", severity: .warning, area: .response,
            summary: "The dismiss action handled for a category without customDismissAction: iOS never delivers it.")

        package static func finding(
            category: String?, file: String?, keyPath: String? = nil, line: Int? = nil, column: Int? = nil,
            severity: Severity? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, severity: severity,
                message: category.map {
                    "the dismiss action is never delivered for category '\($0)': it lacks the customDismissAction option"
                }
                    ?? "code handles the dismiss action, but no category registers customDismissAction, so iOS never delivers it",
                file: file, line: line, column: column, keyPath: keyPath)
        }
    }
}
