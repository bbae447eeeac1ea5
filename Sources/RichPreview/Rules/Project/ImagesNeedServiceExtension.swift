extension Rules {
    /// A Flutter, React Native or Capacitor app depends on a push SDK that sends images (or its
    /// payloads carry them), and its iOS app embeds no notification service extension: on iOS
    /// only an extension attaches an image, so the pushes arrive without it.
    public enum ImagesNeedServiceExtension: ProjectRule {
        /// This rule's id (`images-need-service-extension`), default severity (warning; an error
        /// when the tree's payloads carry images), area (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "images-need-service-extension", severity: .warning, area: .project,
            summary:
                "A Flutter, React Native or Capacitor app uses a push SDK that sends images, and its iOS app embeds no notification service extension: images never appear on iOS (an error when the tree's payloads carry images).",
            causes: [imagesSent])

        /// The tree's payloads carry images.
        static let imagesSent = RuleDescriptor.Cause(
            id: "images-sent", severity: .error,
            summary:
                "The tree's payloads carry images (an attachment URL): the images the app is sent now never appear on iOS."
        )

        static func check(_ project: LintProject) -> [Finding] {
            project.crossPlatform.compactMap { app -> Finding? in
                // A transport's pushes carry images only when the payloads say so.
                let images = project.payloadsCarryImages(in: app)
                let sdks = app.richSDKs.filter { images || $0.rich.sendsImages }
                guard app.expo == nil, let ios = app.app.iosProject, let first = sdks.first else { return nil }
                let scopes = project.scopes(of: app)
                guard !scopes.isEmpty, !project.serviceExtensions(of: app).contains(where: { _ in true }) else {
                    return nil
                }
                let helper =
                    first.rich.helpers.isEmpty
                    ? "download the image and attach it as a UNNotificationAttachment"
                    : "use \(first.rich.helperDescription)"
                return Finding(
                    rule: descriptor, cause: images ? imagesSent : nil,
                    message:
                        "the \(app.described) uses \(CrossPlatformProject.naming(sdks))\(images ? ", its payloads carry images," : "") but \(ios) embeds no notification service extension: images never appear on iOS; add one (Xcode: File > New > Target > Notification Service Extension, embedded in \(scopes[0].app.target.name)) and \(helper) in it",
                    file: first.file, notes: CrossPlatformProject.links(sdks))
            }
        }
    }
}
