extension Rules {
    /// UNNotificationExtension… keys outside NSExtensionAttributes, or attributes in a service
    /// extension: iOS ignores them there.
    public enum AttributesMisplaced: ExtensionPlistRule {
        /// This rule's id (`attributes-misplaced`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attributes-misplaced", severity: .warning, area: .plist,
            summary:
                "UNNotificationExtension… keys outside NSExtensionAttributes, or attributes in a service extension: iOS ignores them there."
        )

        /// Content-extension attributes written straight in `NSExtension`, and attributes in a
        /// service extension.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard let point = plist.point, let members = plist.nsExtension else { return [] }
            var findings = members.keys.sorted().filter(ContentExtensionAttributes.documentedKeys.contains).map { key in
                Finding(
                    rule: descriptor, message: "belongs in NSExtension.NSExtensionAttributes; ignored here",
                    file: plist.file, keyPath: (ExtensionPlistDocument.extensionPath / key).description)
            }
            if point == .serviceExtension, members["NSExtensionAttributes"] != nil {
                findings.append(
                    Finding(
                        rule: descriptor,
                        message: "a service extension has no attributes and is not tied to categories; ignored",
                        file: plist.file, keyPath: ExtensionPlistDocument.attributesPath.description))
            }
            return findings
        }
    }
}
