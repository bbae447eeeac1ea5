extension Rules {
    /// The dismiss action handled for a category without customDismissAction: iOS never
    /// delivers it.
    public enum DismissActionUnreachable: ProjectRule, ResponseRule {
        /// This rule's id (`dismiss-action-unreachable`), default severity (warning), area
        /// (response) and summary.
        public static let descriptor = RuleDescriptor(
            id: "dismiss-action-unreachable", severity: .warning, area: .response,
            summary: "The dismiss action handled for a category without customDismissAction: iOS never delivers it.")

        /// A dismiss response asked of a category without `customDismissAction`, placed at its
        /// options. A warning, as in `lint`: iOS drops the dismissal without a word; `respond`
        /// still fails, having no answer to give.
        static func check(_ refusal: ResponseError) -> [Finding] {
            guard case .dismissNotDelivered(let category, let origin) = refusal else { return [] }
            return [finding(category: category, file: origin?.file, keyPath: origin.map { $0.keyPath + ".options" })]
        }

        private static func finding(
            category: String?, file: String?, keyPath: String? = nil, line: Int? = nil, column: Int? = nil
        ) -> Finding {
            Finding(
                rule: descriptor,
                message: category.map {
                    "the dismiss action is never delivered for category '\($0)': it lacks the customDismissAction option"
                }
                    ?? "code handles the dismiss action, but no category registers customDismissAction, so iOS never delivers it",
                file: file, line: line, column: column, keyPath: keyPath)
        }

        /// Code that handles the dismiss action while no registered category asks for it
        /// (`customDismissAction`): iOS never delivers it. With project files, only the code an
        /// app or extension target compiles, or a local package the project uses, counts: a push
        /// SDK's own sources in the tree (its samples beside it) handle the dismiss action for the
        /// apps that register the option. A local package whose folder holds the project is such
        /// an SDK, the project its sample.
        static func check(_ project: LintProject) -> [Finding] {
            let builtCode = project.builtCode
            let uses = project.sources.dismissActionUses.filter { builtCode.contains($0.file) }
            guard !uses.isEmpty else { return [] }
            let manifestOption = project.manifests.contains { entry in
                entry.manifest.categories.contains { $0.options.contains(.customDismissAction) }
            }
            let codeOption = project.sources.categories.contains {
                $0.options.contains("customDismissAction") || $0.unresolvedOptions != nil
            }
            guard !manifestOption, !codeOption else { return [] }
            return uses.map { finding(category: nil, file: $0.file, line: $0.line, column: $0.column) }
        }
    }
}
