extension Rules {
    /// A category manifest with an unknown key, a missing key, a value of the wrong type or
    /// outside its set, contradicting keys, or a context naming an action the category does not
    /// have.
    public enum ManifestInvalid: Rule {
        /// This rule's id (`manifest-invalid`), default severity (error), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "manifest-invalid", severity: .error, area: .categories,
            summary:
                "A category manifest with an unknown key, a missing key, a value of the wrong type or outside its set, contradicting keys, or a context naming an action the category does not have."
        )

        package static func finding(file: String?, keyPath: String?, message: String, severity: Severity? = nil)
            -> Finding
        {
            Finding(rule: descriptor, severity: severity, message: message, file: file, keyPath: keyPath)
        }
    }
}
