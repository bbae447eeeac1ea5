extension Rules {
    /// An action identifier used twice in one category (or listed twice in one context).
    public enum ActionDuplicate: ManifestRule, ProjectRule {
        /// This rule's id (`action-duplicate`), default severity (error), area (categories) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "action-duplicate", severity: .error, area: .categories,
            summary: "An action identifier used twice in one category (or listed twice in one context).")

        private static func finding(
            file: String?, keyPath: String?, identifier: String, category: String, line: Int? = nil, column: Int? = nil
        ) -> Finding {
            Finding(
                rule: descriptor, message: "action '\(identifier)' appears more than once in category '\(category)'",
                file: file, line: line, column: column, keyPath: keyPath)
        }

        /// Actions registered twice in one category in code (manifests refuse them when read).
        /// An action identifier used again in its category, or listed again in one context.
        static func check(_ manifest: CategoryManifest) -> [Finding] {
            manifest.declared.flatMap { category, origin -> [Finding] in
                var findings: [Finding] = []
                var seen: Set<String> = []
                for (index, action) in category.actions.enumerated() where !seen.insert(action.identifier).inserted {
                    findings.append(
                        finding(
                            file: origin.file, keyPath: "\(origin.keyPath).actions[\(index)].identifier",
                            identifier: action.identifier, category: category.identifier))
                }
                for context in ActionContext.allCases {
                    var listed: Set<String> = []
                    for (index, identifier) in (category.explicitContext(context) ?? []).enumerated()
                    where category.action(identifier) != nil && !listed.insert(identifier).inserted {
                        findings.append(
                            finding(
                                file: origin.file, keyPath: "\(origin.keyPath).contexts.\(context.rawValue)[\(index)]",
                                identifier: identifier, category: category.identifier))
                    }
                }
                return findings
            }
        }

        /// An action identifier used again in a category built in code.
        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for category in project.sources.categories {
                var seen: Set<String> = []
                for action in category.actions {
                    guard let identifier = action.identifier.literal else { continue }
                    if !seen.insert(identifier).inserted {
                        findings.append(
                            finding(
                                file: action.location.file, keyPath: nil, identifier: identifier,
                                category: category.identifier.literal ?? category.identifier.description,
                                line: action.location.line, column: action.location.column))
                    }
                }
            }
            return findings
        }
    }
}
