extension Rules {
    /// Any other value of the wrong type or out of range in an extension plist.
    public enum PlistValueInvalid: Rule {
        /// This rule's id (`plist-value-invalid`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "plist-value-invalid", severity: .error, area: .plist,
            summary: "Any other value of the wrong type or out of range in an extension plist.")

        package static func finding(file: String?, keyPath: String?, message: String, severity: Severity? = nil)
            -> Finding
        {
            Finding(rule: descriptor, severity: severity, message: message, file: file, keyPath: keyPath)
        }
    }
}
