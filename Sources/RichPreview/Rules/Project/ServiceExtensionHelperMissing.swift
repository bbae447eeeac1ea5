extension Rules {
    /// A cross-platform app's notification service extension never calls its push SDK's helper
    /// (nor subclasses the SDK's extension class), and does not attach an image itself
    /// (`UNNotificationAttachment`): the provider's image is never attached.
    public enum ServiceExtensionHelperMissing: ProjectRule {
        /// This rule's id (`service-extension-helper-missing`), default severity (warning), area
        /// (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "service-extension-helper-missing", severity: .warning, area: .project,
            summary:
                "A Flutter, React Native, Expo or Capacitor app's notification service extension never calls its push SDK's helper (Firebase's populateNotificationContent, OneSignal's didReceiveNotificationExtensionRequest, a subclass of the SDK's extension class) nor attaches an image itself (UNNotificationAttachment), nor reads the payload (userInfo) to handle it its own way: the provider's image is never attached."
        )

        static func check(_ project: LintProject) -> [Finding] {
            var findings: [Finding] = []
            for app in project.crossPlatform {
                let sdks = app.richSDKs
                guard !sdks.isEmpty else { continue }
                for (_, config, built) in project.serviceExtensions(of: app) {
                    // An extension that reads the payload itself (decrypting it, fetching what it
                    // names) handles it its own way.
                    guard let code = project.extensionCode[built.key], !code.files.isEmpty,
                        !code.mentions("userInfo")
                    else { continue }
                    let attaches =
                        code.mentions("UNNotificationAttachment")
                        || sdks.contains { $0.rich.helpers.contains(where: code.mentions) }
                    guard !attaches else { continue }
                    let wanted = sdks.first { !$0.rich.helpers.isEmpty } ?? sdks[0]
                    let step =
                        wanted.rich.helpers.isEmpty
                        ? "download the image the payload names and attach it (UNNotificationAttachment) before calling the content handler"
                        : "hand the content to \(wanted.rich.helperDescription) in didReceive(_:withContentHandler:)"
                    findings.append(
                        Finding(
                            rule: descriptor,
                            message:
                                "\(built.described), the \(app.described)'s notification service extension, neither calls the helper of \(CrossPlatformProject.naming(sdks)) nor attaches an image itself: the provider's image is never attached; \(step)",
                            file: code.files.first ?? config.file, notes: CrossPlatformProject.links(sdks)))
                }
            }
            return findings
        }
    }
}
