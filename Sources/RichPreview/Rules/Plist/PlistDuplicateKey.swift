extension Rules {
    /// A key written twice in one dictionary of an XML plist: the plist reader keeps the last one
    /// silently, so the first (and whatever it would have been checked for) never counts.
    public enum PlistDuplicateKey: ExtensionPlistRule, ProjectRule {
        /// This rule's id (`plist-duplicate-key`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-duplicate-key", severity: .warning, area: .plist,
            summary:
                "A key written twice in one dictionary of an XML plist: iOS keeps the last one silently, so the first never counts."
        )

        /// Each repeat, at its line.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            plist.duplicateKeys.map { finding(file: plist.file, keyPath: $0.keyPath, line: $0.line) }
        }

        /// Each repeat in an app's own Info.plist.
        static func check(_ project: LintProject) -> [Finding] {
            project.appPlists.flatMap { plist in
                plist.duplicateKeys.map { finding(file: plist.file, keyPath: $0.keyPath, line: $0.line) }
            }
        }

        private static func finding(file: String, keyPath: String, line: Int) -> Finding {
            Finding(
                rule: descriptor, message: "written twice in the same dictionary; only the last one counts",
                file: file, line: line, keyPath: keyPath)
        }
    }
}
