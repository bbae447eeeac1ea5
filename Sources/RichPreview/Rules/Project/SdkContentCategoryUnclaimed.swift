extension Rules {
    /// An app's notification content extension hands its pushes to a push SDK's view controller
    /// (Braze's Push Stories, MoEngage's push templates), but its `UNNotificationExtensionCategory`
    /// does not list the category the SDK sends those pushes in: iOS picks a content extension by
    /// the push's category, so it never draws them, and they arrive as plain notifications.
    public enum SdkContentCategoryUnclaimed: ProjectRule {
        /// This rule's id (`sdk-content-category-unclaimed`), default severity (error), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "sdk-content-category-unclaimed", severity: .error, area: .project,
            summary:
                "A notification content extension imports a push SDK's story or template view controller (BrazePushStory, MoEngageRichNotification) but its UNNotificationExtensionCategory does not list the category the SDK sends those pushes in: iOS never picks the extension for them."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for scope in project.appScopes {
                for (config, built) in scope.extensions where config.point == .contentExtension {
                    guard let code = project.extensionCode[built.key],
                        !config.categories.contains(where: { $0.contains("$(") || $0.contains("${") })
                    else { continue }
                    var reported: Set<String> = []
                    for use in code.imports {
                        guard
                            let sdk = PushSDK.known.first(where: {
                                $0.contentExtension?.modules.contains(use.module) == true
                            }), let content = sdk.contentExtension, let category = content.category,
                            !config.categories.contains(category), reported.insert(sdk.name).inserted
                        else { continue }
                        let claimed =
                            config.categories.isEmpty
                            ? "lists no category"
                            : "lists \(config.categories.joined(separator: ", ")) but not \(category)"
                        findings.append(
                            Finding(
                                rule: descriptor,
                                message:
                                    "\(built.described) hands its pushes to \(use.module) (\(sdk.name) \(content.format)), but its UNNotificationExtensionCategory \(claimed), the category \(sdk.name) sends them in: iOS never picks the extension for them and they arrive as plain notifications; add \(category) to NSExtension > NSExtensionAttributes > UNNotificationExtensionCategory",
                                file: config.file, notes: ["\(sdk.name): \(content.documentation)"]))
                    }
                }
            }
            return findings
        }
    }
}
