extension Rules {
    /// A content extension with both or neither of NSExtensionMainStoryboard and
    /// NSExtensionPrincipalClass (the system does not load it), or a service extension without
    /// NSExtensionPrincipalClass.
    public enum StoryboardAndClass: Rule {
        /// This rule's id (`storyboard-and-class`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "storyboard-and-class", severity: .error, area: .plist,
            summary:
                "A content extension with both or neither of NSExtensionMainStoryboard and NSExtensionPrincipalClass (the system does not load it), or a service extension without NSExtensionPrincipalClass."
        )

        package static func finding(file: String, keyPath: String, bothSet: Bool) -> Finding {
            Finding(
                rule: descriptor,
                message: bothSet
                    ? "both NSExtensionMainStoryboard and NSExtensionPrincipalClass are set: the extension will not load (keep one)"
                    : "neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass is set: the extension will not load (set one)",
                file: file, keyPath: keyPath)
        }
    }
}
