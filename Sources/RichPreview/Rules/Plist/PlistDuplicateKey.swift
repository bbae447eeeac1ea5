extension Rules {
    /// A key written twice in one dictionary of an XML plist: the plist reader keeps the last one
    /// silently, so the first (and whatever it would have been checked for) never counts.
    public enum PlistDuplicateKey: ExtensionPlistRule {
        /// This rule's id (`plist-duplicate-key`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-duplicate-key", severity: .warning, area: .plist,
            summary:
                "A key written twice in one dictionary of an XML plist: iOS keeps the last one silently, so the first never counts."
        )

        /// Each repeat, at its line.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            plist.duplicateKeys.map { keyPath, line in
                Finding(
                    rule: descriptor, message: "written twice in the same dictionary; only the last one counts",
                    file: plist.file, line: line, keyPath: keyPath)
            }
        }
    }
}
