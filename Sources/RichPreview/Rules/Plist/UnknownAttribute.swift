extension Rules {
    /// An UNNotification… attribute that iOS does not know (usually a misspelling), silently
    /// ignored.
    public enum UnknownAttribute: ExtensionPlistRule {
        /// This rule's id (`unknown-attribute`), default severity (warning), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "unknown-attribute", severity: .warning, area: .plist,
            summary: "An UNNotification… attribute that iOS does not know (usually a misspelling), silently ignored.")

        /// `UNNotification…` keys in a content extension's attributes that Apple does not document.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point == .contentExtension, let attributes = plist.attributes else { return [] }
            return attributes.keys.sorted().filter {
                $0.hasPrefix("UNNotification") && !ContentExtensionAttributes.documentedKeys.contains($0)
            }.map { key in
                Finding(
                    rule: descriptor, message: "unknown attribute, ignored by iOS", file: plist.file,
                    keyPath: (ExtensionPlistDocument.attributesPath / key).description,
                    suggestion: Suggester.suggestion(for: key, among: ContentExtensionAttributes.documentedKeys))
            }
        }
    }
}
