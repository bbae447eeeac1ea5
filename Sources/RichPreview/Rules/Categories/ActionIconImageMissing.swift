extension Rules {
    /// An action whose icon is a template image (`UNNotificationActionIcon(templateImageName:)`)
    /// that neither an image set of the project's asset catalogs nor a loose image file beside
    /// its code has: iOS shows the action without an icon.
    public enum ActionIconImageMissing: ProjectRule {
        /// This rule's id (`action-icon-image-missing`), default severity (warning), area
        /// (categories) and summary.
        public static let descriptor = RuleDescriptor(
            id: "action-icon-image-missing", severity: .warning, area: .categories,
            summary:
                "An action's template image icon that no image set of the project's asset catalogs (nor a loose image file) has: iOS shows the action without an icon."
        )

        /// Checked only in a tree that holds an asset catalog: a folder of code alone says nothing
        /// about the app's images.
        static func check(_ project: LintProject) -> [Finding] {
            guard project.hasAssetCatalog else { return [] }
            func missing(_ icon: ActionIcon?) -> String? {
                guard let icon, icon.kind == .templateImage, !project.imageSetNames.contains(icon.name),
                    !project.looseActionImages.contains(icon.name)
                else { return nil }
                return icon.name
            }
            func message(_ action: String, _ name: String) -> String {
                "action '\(action)' names the template image '\(name)', which no image set of the project's asset catalogs has (\(name).imageset) and no image file beside its code: iOS shows the action without an icon"
                    + (looksLikeSymbolName(name)
                        ? "; '\(name)' reads like an SF Symbol's name, which UNNotificationActionIcon(systemImageName:) takes"
                        : "")
            }
            var findings: [Finding] = []
            for (_, manifest) in project.manifests {
                for (category, origin) in manifest.declared {
                    for (index, action) in category.actions.enumerated() {
                        guard let name = missing(action.icon) else { continue }
                        findings.append(
                            Finding(
                                rule: descriptor, message: message(action.identifier, name), file: origin.file,
                                keyPath:
                                    "\(origin.keyPath).actions[\(index)].icon.\(ActionIcon.Kind.templateImage.rawValue)"
                            ))
                    }
                }
            }
            var seen = Set<CodeLocation>()
            for action in project.sources.categories.flatMap(\.actions) where seen.insert(action.location).inserted {
                guard let name = missing(action.icon?.icon) else { continue }
                findings.append(
                    Finding(
                        rule: descriptor, message: message(action.identifier.literal ?? "\(action.identifier)", name),
                        file: action.location.file, line: action.location.line, column: action.location.column))
            }
            return findings
        }

        /// `text.bubble`, `hand.thumbsup.fill`: lowercase words joined by dots, as SF Symbols are named.
        static func looksLikeSymbolName(_ name: String) -> Bool {
            let words = name.split(separator: ".", omittingEmptySubsequences: false)
            return words.count > 1 && words[0].first?.isLowercase == true
                && words.allSatisfy { word in
                    !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
                }
        }
    }
}
