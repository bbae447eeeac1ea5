extension Rules {
    /// A $(VARIABLE) left unexpanded because no build setting defines it; an error where it
    /// stands for a category identifier.
    public enum BuildVariableUnresolved {
        public static let descriptor = RuleDescriptor(
            id: "build-variable-unresolved", severity: .warning, area: .plist,
            summary:
                "A $(VARIABLE) left unexpanded because no build setting defines it; an error where it stands for a category identifier."
        )

        package static func finding(file: String, variable: String, inCategory: Bool) -> Finding {
            Finding(
                rule: descriptor, severity: inCategory ? .error : nil,
                message: inCategory
                    ? "$(\(variable)) is not defined, so the category identifier stays unresolved and matches nothing; pass --xcconfig or -D \(variable)=..."
                    : "$(\(variable)) is not defined and stays as written; pass --xcconfig or -D \(variable)=...",
                file: file, keyPath: nil)
        }
    }
}
