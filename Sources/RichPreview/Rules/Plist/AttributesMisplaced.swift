extension Rules {
    /// UNNotificationExtension… keys outside NSExtensionAttributes, or attributes in a service
    /// extension: iOS ignores them there.
    public enum AttributesMisplaced: Rule {
        /// This rule's id (`attributes-misplaced`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "attributes-misplaced", severity: .warning, area: .plist,
            summary:
                "UNNotificationExtension… keys outside NSExtensionAttributes, or attributes in a service extension: iOS ignores them there."
        )

        package static func outsideAttributes(file: String, keyPath: String) -> Finding {
            Finding(
                rule: descriptor, message: "belongs in NSExtension.NSExtensionAttributes; ignored here", file: file,
                keyPath: keyPath)
        }

        package static func inServiceExtension(file: String, keyPath: String) -> Finding {
            Finding(
                rule: descriptor,
                message: "a service extension has no attributes and is not tied to categories; ignored", file: file,
                keyPath: keyPath)
        }
    }
}
