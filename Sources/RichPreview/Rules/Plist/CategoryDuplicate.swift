extension Rules {
    /// The same category listed twice in one extension's UNNotificationExtensionCategory.
    public enum CategoryDuplicate: ExtensionPlistRule {
        /// This rule's id (`category-duplicate`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "category-duplicate", severity: .warning, area: .plist,
            summary: "The same category listed twice in one extension's UNNotificationExtensionCategory.")

        /// A category listed again in the same `UNNotificationExtensionCategory` array.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point == .contentExtension,
                case .array(let entries)? = plist.attributes?["UNNotificationExtensionCategory"]
            else { return [] }
            var seen: Set<String> = []
            return entries.enumerated().compactMap { index, entry in
                guard let identifier = entry.string, !identifier.isEmpty, !seen.insert(identifier).inserted else {
                    return nil
                }
                return Finding(
                    rule: descriptor, message: "category '\(identifier)' is listed more than once", file: plist.file,
                    keyPath: ExtensionPlistDocument.categoryPath[index].description)
            }
        }
    }
}
