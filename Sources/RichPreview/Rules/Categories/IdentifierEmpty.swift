extension Rules {
    /// A category or action with an empty identifier, or an action with an empty title.
    public enum IdentifierEmpty: ManifestRule, ProjectRule {
        /// This rule's id (`identifier-empty`), default severity (error), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "identifier-empty", severity: .error, area: .categories,
            summary: "A category or action with an empty identifier, or an action with an empty title.")

        private static func finding(file: String?, keyPath: String?, line: Int? = nil, column: Int? = nil) -> Finding {
            Finding(
                rule: descriptor, message: "must not be empty", file: file, line: line, column: column, keyPath: keyPath
            )
        }

        /// Categories and actions in code with an empty identifier, and actions with an empty title.
        /// Empty category and action identifiers and empty action titles of a manifest.
        static func check(_ manifest: CategoryManifest) -> [Finding] {
            manifest.declared.flatMap { category, origin -> [Finding] in
                var findings: [Finding] = []
                if category.identifier.isEmpty {
                    findings.append(finding(file: origin.file, keyPath: origin.keyPath + ".identifier"))
                }
                for (index, action) in category.actions.enumerated() {
                    let path = "\(origin.keyPath).actions[\(index)]"
                    if action.identifier.isEmpty {
                        findings.append(finding(file: origin.file, keyPath: path + ".identifier"))
                    }
                    if action.title.isEmpty { findings.append(finding(file: origin.file, keyPath: path + ".title")) }
                }
                return findings
            }
        }

        /// Empty identifiers and titles in code.
        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for category in project.sources.categories {
                if category.identifier.literal == "" {
                    findings.append(
                        finding(
                            file: category.location.file, keyPath: "category identifier", line: category.location.line,
                            column: category.location.column))
                }
                for action in category.actions {
                    if action.identifier.literal == "" {
                        findings.append(
                            finding(
                                file: action.location.file, keyPath: "action identifier", line: action.location.line,
                                column: action.location.column))
                    }
                    if action.title?.literal == "" {
                        findings.append(
                            finding(
                                file: action.location.file, keyPath: "action title", line: action.location.line,
                                column: action.location.column))
                    }
                }
            }
            return findings
        }
    }
}
