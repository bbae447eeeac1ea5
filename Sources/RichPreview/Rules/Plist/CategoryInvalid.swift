extension Rules {
    /// UNNotificationExtensionCategory that is empty, of the wrong type, or an array holding
    /// something other than non-empty strings.
    public enum CategoryInvalid: ExtensionPlistRule {
        /// This rule's id (`category-invalid`), default severity (error), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "category-invalid", severity: .error, area: .plist,
            summary:
                "UNNotificationExtensionCategory that is empty, of the wrong type, or an array holding something other than non-empty strings."
        )

        /// `UNNotificationExtensionCategory` of the wrong type, an empty list, and entries that are
        /// not strings or are empty.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point == .contentExtension, let value = plist.attributes?["UNNotificationExtensionCategory"]
            else {
                return []
            }
            let path = ExtensionPlistDocument.categoryPath
            let expected = "a non-empty category identifier or a non-empty array of them"
            switch value {
            case .string(let identifier):
                return identifier.isEmpty
                    ? [finding(plist, "expected a category identifier, found empty string", at: path)] : []
            case .array(let entries) where entries.isEmpty:
                return [finding(plist, "expected \(expected), found \(value.summary)", at: path)]
            case .array(let entries):
                return entries.enumerated().compactMap { index, entry in
                    guard let identifier = entry.string else {
                        return finding(plist, "expected a string, found \(entry.summary)", at: path[index])
                    }
                    return identifier.isEmpty
                        ? finding(plist, "expected a category identifier, found empty string", at: path[index]) : nil
                }
            default:
                return [finding(plist, "expected \(expected), found \(value.summary)", at: path)]
            }
        }

        private static func finding(_ plist: ExtensionPlistDocument, _ message: String, at keyPath: KeyPath) -> Finding
        {
            Finding(rule: descriptor, message: message, file: plist.file, keyPath: keyPath.description)
        }
    }
}
