extension Rules {
    /// A plist that cannot be read: missing, a folder, too large, not an XML, binary or old-
    /// style property list, or not a dictionary at the top.
    public enum PlistUnreadable: Rule {
        /// This rule's id (`plist-unreadable`), default severity (error), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-unreadable", severity: .error, area: .plist,
            summary:
                "A plist that cannot be read: missing, a folder, too large, not an XML, binary or old-style property list, a binary one holding a set (a binary-only type no Info.plist uses, which Foundation on Linux cannot read), or not a dictionary at the top."
        )

        package static func finding(file: String, reason: String) -> Finding {
            Finding(rule: descriptor, message: reason, file: file)
        }
    }
}
