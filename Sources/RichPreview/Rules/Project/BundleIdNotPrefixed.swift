extension Rules {
    /// A notification extension whose bundle identifier does not start with its app's and a dot:
    /// the app cannot be installed with it (Xcode refuses to embed it, the App Store rejects it).
    public enum BundleIdNotPrefixed: ProjectRule {
        /// This rule's id (`bundle-id-not-prefixed`), default severity (error), area (project)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "bundle-id-not-prefixed", severity: .error, area: .project,
            summary:
                "A notification extension whose bundle identifier does not start with its app's and a dot: the app cannot be installed with it (Xcode refuses to embed it, the App Store rejects it)."
        )

        /// An extension embedded by several apps is judged only when it fits none of them: its
        /// identifier is then rewritten per app when it is built (flavours of one app).
        static func check(_ project: LintProject) -> [Finding] {
            let scopes = project.appScopes
            var embedders: [String: [String]] = [:]
            for scope in scopes {
                guard let app = scope.app.target.bundleIdentifier else { continue }
                for (config, _) in scope.extensions { embedders[config.file, default: []].append(app) }
            }
            return scopes.flatMap { scope in
                scope.extensions.compactMap { config, built -> Finding? in
                    guard let app = scope.app.target.bundleIdentifier,
                        let own = identifier(of: config, built: built, in: project),
                        !own.hasPrefix(app + "."),
                        !(embedders[config.file] ?? []).contains(where: { own.hasPrefix($0 + ".") })
                    else { return nil }
                    return Finding(
                        rule: descriptor,
                        message:
                            "bundle identifier '\(own)' does not start with '\(app).', the identifier of \(scope.app.described), which embeds it",
                        file: config.file, keyPath: config.bundleIdentifier == nil ? nil : "CFBundleIdentifier")
                }
            }
        }

        /// The extension's bundle identifier as `built` builds it: its plist's, expanded with the
        /// target's own settings (targets may share a plist), else the target's setting.
        private static func identifier(
            of config: ExtensionConfig, built: ProjectTargets.Built, in project: LintProject
        ) -> String? {
            guard let raw = project.writtenExtensionPlists[config.file]?["CFBundleIdentifier"]?.string, !raw.isEmpty
            else {
                return built.target.bundleIdentifier
            }
            return built.target.settings.expandedFully(raw)
        }
    }
}
