extension Rules {
    /// An extension plist whose NSExtension or NSExtensionPointIdentifier is missing or names
    /// an extension point that is not a notification extension; in a project, only a plist that
    /// means to be one.
    public enum ExtensionPointUnknown: ExtensionPlistRule {
        /// This rule's id (`extension-point-unknown`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "extension-point-unknown", severity: .error, area: .plist,
            summary:
                "An extension plist whose NSExtension or NSExtensionPointIdentifier is missing or names an extension point that is not a notification extension; in a project, only a plist that means to be one (UNNotificationExtension… keys, a com.apple.usernotifications… point): widgets, share and intents extensions are left alone."
        )

        /// No `NSExtension` dictionary, no `NSExtensionPointIdentifier` string, or one naming
        /// another extension point; in a project's tree, only for a plist that means to be a
        /// notification extension's (the others are other kinds of extension, none of ours).
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard let top = plist.top else { return [] }
            if plist.foundInTree, !plist.meansNotificationExtension { return [] }
            let extensionPath = ExtensionPlistDocument.extensionPath.description
            guard let nsExtension = top["NSExtension"] else {
                return [
                    finding(
                        plist, "missing: an extension's Info.plist has an NSExtension dictionary", at: extensionPath)
                ]
            }
            guard let members = nsExtension.dictionary else {
                return [finding(plist, "expected a dictionary, found \(nsExtension.summary)", at: extensionPath)]
            }
            let pointPath = ExtensionPlistDocument.pointPath.description
            guard let pointValue = members["NSExtensionPointIdentifier"] else {
                return [finding(plist, "missing: expected a notification extension point identifier", at: pointPath)]
            }
            guard let name = pointValue.string else {
                return [finding(plist, "expected a string, found \(pointValue.summary)", at: pointPath)]
            }
            guard ExtensionPoint(rawValue: name) == nil else { return [] }
            return [
                finding(
                    plist,
                    "'\(name)' is not a notification extension point (expected \(ExtensionPoint.contentExtension.rawValue) or \(ExtensionPoint.serviceExtension.rawValue))",
                    at: pointPath)
            ]
        }

        private static func finding(_ plist: ExtensionPlistDocument, _ message: String, at keyPath: String) -> Finding {
            Finding(rule: descriptor, message: message, file: plist.file, keyPath: keyPath)
        }
    }
}
