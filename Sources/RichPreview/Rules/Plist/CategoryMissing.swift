extension Rules {
    /// A content extension without UNNotificationExtensionCategory (or without
    /// NSExtensionAttributes at all): it draws no category.
    public enum CategoryMissing: ExtensionPlistRule {
        /// This rule's id (`category-missing`), default severity (error), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "category-missing", severity: .error, area: .plist,
            summary:
                "A content extension without UNNotificationExtensionCategory (or without NSExtensionAttributes at all): it draws no category."
        )

        /// A content extension without `NSExtensionAttributes` (or with something else there), or
        /// without `UNNotificationExtensionCategory`.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point == .contentExtension, let members = plist.nsExtension else { return [] }
            let attributesPath = ExtensionPlistDocument.attributesPath.description
            guard let attributes = members["NSExtensionAttributes"] else {
                return [
                    finding(
                        plist,
                        "missing: expected a dictionary with UNNotificationExtensionCategory and UNNotificationExtensionInitialContentSizeRatio",
                        at: attributesPath)
                ]
            }
            guard let keys = attributes.dictionary else {
                return [finding(plist, "expected a dictionary, found \(attributes.summary)", at: attributesPath)]
            }
            guard keys["UNNotificationExtensionCategory"] == nil else { return [] }
            return [
                finding(
                    plist, "missing: expected a category identifier or an array of them",
                    at: ExtensionPlistDocument.categoryPath.description)
            ]
        }

        private static func finding(_ plist: ExtensionPlistDocument, _ message: String, at keyPath: String) -> Finding {
            Finding(rule: descriptor, message: message, file: plist.file, keyPath: keyPath)
        }
    }
}
