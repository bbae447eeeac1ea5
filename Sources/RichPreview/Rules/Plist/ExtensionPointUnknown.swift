extension Rules {
    /// An extension plist whose NSExtension or NSExtensionPointIdentifier is missing or names
    /// an extension point that is not a notification extension.
    public enum ExtensionPointUnknown: Rule {
        /// This rule's id (`extension-point-unknown`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "extension-point-unknown", severity: .error, area: .plist,
            summary:
                "An extension plist whose NSExtension or NSExtensionPointIdentifier is missing or names an extension point that is not a notification extension."
        )

        package static func finding(file: String, keyPath: String, found: String) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "'\(found)' is not a notification extension point (expected \(ExtensionPoint.contentExtension.rawValue) or \(ExtensionPoint.serviceExtension.rawValue))",
                file: file, keyPath: keyPath)
        }
    }
}
