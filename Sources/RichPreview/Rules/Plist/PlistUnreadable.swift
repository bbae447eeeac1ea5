extension Rules {
    /// A plist that cannot be read: missing, a folder, too large, not an XML, binary or old-
    /// style property list, or not a dictionary at the top.
    public enum PlistUnreadable: ExtensionPlistRule {
        /// This rule's id (`plist-unreadable`), default severity (error), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-unreadable", severity: .error, area: .plist,
            summary:
                "A plist that cannot be read: missing, a folder, too large, not an XML, binary or old-style property list, a binary one holding a set (a binary-only type no Info.plist uses, which Foundation on Linux cannot read), or not a dictionary at the top."
        )

        /// A plist that is not one, or whose top level is not a dictionary.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            switch plist.readFailure {
            case .unreadable(let reason)?:
                return [finding(file: plist.file, reason: reason)]
            case .notAPropertyList(let reason)?:
                return [finding(file: plist.file, reason: "not a property list (XML, binary or old-style): \(reason)")]
            case nil:
                break
            }
            guard plist.top == nil else { return [] }
            return [
                finding(file: plist.file, reason: "expected a dictionary at the top level, found \(plist.root.summary)")
            ]
        }

        /// A plist file that cannot be read at all, for `reason` (the system's, or the parser's).
        package static func finding(file: String, reason: String) -> Finding {
            Finding(rule: descriptor, message: reason, file: file)
        }
    }
}
