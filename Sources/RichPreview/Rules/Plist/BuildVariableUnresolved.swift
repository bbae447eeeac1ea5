extension Rules {
    /// A $(VARIABLE) left unexpanded in a category identifier because no build setting given
    /// (--xcconfig, -D) defines it: the category matches nothing.
    public enum BuildVariableUnresolved: ProjectRule {
        /// This rule's id (`build-variable-unresolved`), default severity (error), area (plist) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "build-variable-unresolved", severity: .error, area: .plist,
            summary:
                "A $(VARIABLE) left unexpanded in a category identifier because no build setting given (--xcconfig, -D) defines it: the category matches nothing."
        )

        package static func finding(file: String, variable: String, inCategory: Bool) -> Finding {
            Finding(
                rule: descriptor,
                message: inCategory
                    ? "$(\(variable)) is not defined, so the category identifier stays unresolved and matches nothing; define \(variable) among the build settings given"
                    : "$(\(variable)) is not defined and stays as written; define \(variable) among the build settings given",
                file: file, keyPath: nil)
        }

        /// Every build variable left unexpanded in a category identifier: the category then
        /// matches nothing. (Variables elsewhere, such as `$(PRODUCT_NAME)`, are Xcode's own and
        /// are left alone.)
        static func check(_ project: LintProject) -> [Finding] {
            project.extensions.flatMap { config in
                config.unresolvedVariables.filter { variable in
                    config.categories.contains { $0.contains("$(\(variable))") || $0.contains("${\(variable)}") }
                }.map { variable in
                    var result = finding(file: config.file, variable: variable, inCategory: true)
                    result.keyPath = "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory"
                    return result
                }
            }
        }
    }
}
