extension Rules {
    /// Build settings that cannot be read whole: an `.xcconfig` that cannot be read, includes
    /// itself or passes the reader's limits, or a value that expands past `BuildVariables`'
    /// limits (settings that refer to each other over and over). What is left out stays
    /// unexpanded, so what depends on it goes unchecked.
    public enum BuildSettingsUnreadable: ProjectRule, ExtensionPlistRule {
        /// This rule's id (`build-settings-unreadable`), default severity (error), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "build-settings-unreadable", severity: .error, area: .project,
            summary:
                "Build settings that cannot be read whole: an .xcconfig that cannot be read, includes itself, or passes the limits (includes 16 deep, 128 files or 8 MiB in all), or a setting or $(VARIABLE) whose value expands past 64 KiB or 4,096 references (settings that refer to each other over and over). What is left out stays unexpanded, so what depends on it goes unchecked."
        )

        /// Each `.xcconfig` a project's targets are based on that could not be read whole, and
        /// each target setting left out for expanding past the limits.
        static func check(_ project: LintProject) -> [Finding] {
            project.buildSettingsProblems.compactMap { problem in
                switch problem {
                case .xcconfig(let file, let failure, let base):
                    let left = file == base ? "its settings are left out" : "the settings of \(base) are left out"
                    return Finding(rule: descriptor, message: "\(failure.reason); \(left)", file: file)
                case .settingOverLimit(let file, let target, let setting):
                    return Finding(
                        rule: descriptor,
                        message:
                            "\(setting) of the target \(target) expands past \(limits); it is left out, so what depends on it goes unchecked",
                        file: file)
                case .includeOutside:
                    return nil
                }
            }
        }

        /// The variables of an extension plist whose values expand past the limits.
        static func check(_ plist: ExtensionPlistDocument) -> [Finding] {
            guard !plist.variablesOverLimit.isEmpty else { return [] }
            let names = NameList.text(plist.variablesOverLimit.map { "$(\($0))" })
            return [
                Finding(
                    rule: descriptor,
                    message: "a value referring to \(names) expands past \(limits); it is left as written",
                    file: plist.file)
            ]
        }

        /// The expansion limits, for messages.
        static var limits: String {
            "\(BuildVariables.maximumExpandedLength / 1024) KiB or \(NumberText.grouped(BuildVariables.maximumReferences)) references (settings that refer to each other over and over)"
        }
    }
}
