extension Rules {
    /// UNNotificationExtension… keys outside NSExtensionAttributes, NSExtension… keys at the top
    /// level, or content-extension keys in a service extension's attributes: iOS ignores them there.
    public enum AttributesMisplaced: ExtensionPlistRule {
        /// This rule's id (`attributes-misplaced`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attributes-misplaced", severity: .warning, area: .plist,
            summary:
                "UNNotificationExtension… keys outside NSExtensionAttributes, NSExtension… keys at the plist's top level instead of inside NSExtension, or content-extension keys in a service extension's attributes (which may hold others, such as IntentsSupported for communication notifications): iOS ignores them there."
        )

        /// Content-extension attributes written straight in `NSExtension`, and in a service
        /// extension's attributes.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            let atTop = plist.extensionKeysAtTopLevel.map { key in
                Finding(
                    rule: descriptor,
                    message: "belongs inside the NSExtension dictionary; iOS never reads it at the top level",
                    file: plist.file, keyPath: key)
            }
            guard let point = plist.point, let members = plist.nsExtension else { return atTop }
            var findings =
                atTop
                + members.keys.sorted().filter(ContentExtensionAttributes.documentedKeys.contains).map { key in
                    Finding(
                        rule: descriptor, message: "belongs in NSExtension.NSExtensionAttributes; ignored here",
                        file: plist.file, keyPath: (ExtensionPlistDocument.extensionPath / key).description)
                }
            // A service extension's attributes may hold other keys (`IntentsSupported` for
            // communication notifications); only a content extension's are out of place there.
            if point == .serviceExtension, let attributes = plist.attributes {
                for key in attributes.keys.sorted() where key.hasPrefix("UNNotificationExtension") {
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "a content extension's attribute: a service extension is not tied to categories, so iOS ignores it",
                            file: plist.file, keyPath: (ExtensionPlistDocument.attributesPath / key).description))
                }
            }
            return findings
        }
    }
}
