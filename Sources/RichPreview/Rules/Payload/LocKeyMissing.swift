extension Rules {
    /// A title-loc-key, subtitle-loc-key or loc-key that the app's Localizable strings lack: iOS
    /// shows the key itself. `render` looks in the table of the language it draws; `lint` in every
    /// table of the project, in any language, and says nothing when the project has none (the keys
    /// may come from elsewhere) or one cannot be read.
    public enum LocKeyMissing: CardRule, ProjectRule {
        /// This rule's id (`loc-key-missing`), default severity (warning), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "loc-key-missing", severity: .warning, area: .payload,
            summary:
                "A title-loc-key, subtitle-loc-key or loc-key that the app's Localizable strings lack: iOS shows the key itself."
        )

        static func check(_ card: NotificationCard, categories: CategoryManifest, file: String?) -> [Finding] {
            card.missingLocalizationKeys.map { missing in
                Finding(
                    rule: descriptor,
                    message:
                        "'\(missing.key)' is not in the app's Localizable strings (\(missing.language)): iOS shows the key itself",
                    file: file, keyPath: missing.keyPath)
            }
        }

        /// Every payload key that no `Localizable` table of the project holds, in any language.
        static func check(_ project: LintProject) -> [Finding] {
            guard !project.localizationTables.isEmpty, project.unreadableLocalizationTable == nil else { return [] }
            let tables = NumberText.counted(project.localizationTables.count, "Localizable table", "Localizable tables")
            return project.payloads.flatMap { payload in
                (payload.read?.aps?.alert?.localizationKeys ?? []).compactMap { keyPath, key in
                    guard !project.localizationKeys.contains(key) else { return nil }
                    return Finding(
                        rule: descriptor,
                        message:
                            "'\(key)' is in none of the project's \(tables), in any language: iOS shows the key itself",
                        file: payload.file, keyPath: keyPath)
                }
            }
        }
    }
}

extension PayloadAlert {
    /// The keys the alert's texts are looked up by, each with the key path naming it:
    /// `aps.alert.title-loc-key`, `aps.alert.subtitle-loc-key`, `aps.alert.loc-key`.
    var localizationKeys: [(keyPath: String, key: String)] {
        [("title-loc-key", titleLocKey), ("subtitle-loc-key", subtitleLocKey), ("loc-key", locKey)].compactMap {
            name, key in key.map { ("aps.alert.\(name)", $0) }
        }
    }
}
