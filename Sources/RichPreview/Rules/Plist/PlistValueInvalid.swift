extension Rules {
    /// Any other value of the wrong type or out of range in an extension plist.
    public enum PlistValueInvalid: ExtensionPlistRule {
        /// This rule's id (`plist-value-invalid`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-value-invalid", severity: .error, area: .plist,
            summary: "Any other value of the wrong type or out of range in an extension plist.")

        /// The bundle keys of an extension plist that are not strings.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard plist.point != nil, let top = plist.top else { return [] }
            return ["CFBundleIdentifier", "CFBundleName", "CFBundleDisplayName"].compactMap { key in
                guard let value = top[key], value.string == nil else { return nil }
                return Finding(
                    rule: descriptor, message: "expected a string, found \(value.summary)", file: plist.file,
                    keyPath: key)
            }
        }
    }
}
