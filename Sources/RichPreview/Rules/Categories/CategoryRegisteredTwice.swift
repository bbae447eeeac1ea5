extension Rules {
    /// The same category identifier registered twice (in two manifests, or twice in code): one
    /// replaces the other.
    public enum CategoryRegisteredTwice {
        public static let descriptor = RuleDescriptor(
            id: "category-registered-twice", severity: .error, area: .categories,
            summary:
                "The same category identifier registered twice (in two manifests, or twice in code): one replaces the other."
        )

        package static func finding(
            file: String?, keyPath: String?, identifier: String, first: String, line: Int? = nil, column: Int? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, message: "category '\(identifier)' is already declared at \(first)", file: file,
                line: line, column: column, keyPath: keyPath)
        }
    }
}
