extension Rules {
    /// A boolean attribute (DefaultContentHidden, OverridesDefaultTitle,
    /// UserInteractionEnabled) written as a string or number instead of <true/> or <false/>.
    public enum BoolAsString: Rule {
        /// This rule's id (`bool-as-string`), default severity (warning), area (plist) and summary.
        public static let descriptor = RuleDescriptor(
            id: "bool-as-string", severity: .warning, area: .plist,
            summary:
                "A boolean attribute (DefaultContentHidden, OverridesDefaultTitle, UserInteractionEnabled) written as a string or number instead of <true/> or <false/>."
        )

        package static func finding(file: String, keyPath: String, found: String, readAs: Bool) -> Finding {
            Finding(
                rule: descriptor, message: "expected <true/> or <false/>, found \(found) (read as \(readAs))",
                file: file, keyPath: keyPath)
        }
    }
}
