extension Rules {
    /// An app that embeds two notification service extensions: iOS runs one of them for every
    /// push and does not say which.
    public enum ServiceExtensionDuplicate: ProjectRule {
        /// This rule's id (`service-extension-duplicate`), default severity (error), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "service-extension-duplicate", severity: .error, area: .project,
            summary:
                "An app that embeds two notification service extensions: iOS runs one of them for every push and does not say which."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.appScopes.flatMap { scope in
                let services = scope.extensions.filter { $0.config.point == .serviceExtension }
                guard let first = services.first else { return [Finding]() }
                return services.dropFirst().map { config, _ in
                    Finding(
                        rule: descriptor,
                        message:
                            "\(scope.app.described) embeds this service extension and \(first.config.file); iOS runs only one of them",
                        file: config.file, keyPath: "NSExtension.NSExtensionPointIdentifier")
                }
            }
        }
    }
}
