extension Rules {
    /// A notification extension whose target no app of the tree embeds (no "Embed App Extensions"
    /// phase copies its product): iOS never runs it. Its plist is checked on its own and left out
    /// of the checks across files.
    public enum ExtensionNotEmbedded: ProjectRule {
        /// This rule's id (`extension-not-embedded`), default severity (note), area (project) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "extension-not-embedded", severity: .note, area: .project,
            summary:
                "A notification extension whose target no app of the tree embeds (no \"Embed App Extensions\" phase copies its product): iOS never runs it. Its plist is checked on its own and left out of the checks across files."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.unembeddedExtensions.map { config, built in
                Finding(
                    rule: descriptor,
                    message:
                        "\(built.described) builds \(built.target.productFile ?? "an extension"), which no app in the tree embeds; it is left out of the checks across files",
                    file: config.file, keyPath: nil)
            }
        }
    }
}
