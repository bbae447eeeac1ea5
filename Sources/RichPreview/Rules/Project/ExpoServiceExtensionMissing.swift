extension Rules {
    /// An Expo app's config has a push SDK that sends images (`expo-notifications`, a provider's
    /// package or plugin) and no config plugin that adds a notification service extension (the
    /// provider's own, `expo-notification-service-extension-plugin`, `@bacons/apple-targets`, a
    /// local one): the iOS app `expo prebuild` makes has none, and images never appear.
    public enum ExpoServiceExtensionMissing: ProjectRule {
        /// This rule's id (`expo-service-extension-missing`), default severity (warning; an error
        /// when the tree's payloads carry images), area (project) and summary.
        public static let descriptor = RuleDescriptor(
            id: "expo-service-extension-missing", severity: .warning, area: .project,
            summary:
                "An Expo app uses a push SDK that sends images (expo-notifications, a provider's package or plugin) and its config has no plugin that adds a notification service extension: the iOS app expo prebuild makes has none, and images never appear (an error when the tree's payloads carry images).",
            causes: [imagesSent])

        /// The tree's payloads carry images.
        static let imagesSent = RuleDescriptor.Cause(
            id: "images-sent", severity: .error,
            summary:
                "The tree's payloads carry images (an attachment URL): the images the app is sent now never appear on iOS."
        )

        /// Plugins that add a service extension whatever their options.
        static let extensionPlugins: Set<String> = [
            "expo-notification-service-extension-plugin", "expo-nse-plugin",
            "@alaudoni/expo-firebase-extension-plugin", "expo-firebase-extension-plugin",
        ]

        /// The plugin that adds whichever targets the app's `targets/*/expo-target.config.*` declare.
        static let appleTargets = "@bacons/apple-targets"

        /// Whether `plugin` adds a service extension for the SDKs `sdks`; `targetTypes` are the
        /// types of the app's `@bacons/apple-targets` targets.
        static func addsExtension(_ plugin: ExpoConfig.Plugin, targetTypes: Set<String>) -> Bool {
            if plugin.name == appleTargets { return targetTypes.contains(ExpoTargetConfig.serviceExtensionType) }
            if extensionPlugins.contains(plugin.name) { return true }
            for sdk in PushSDK.known {
                for (name, option) in sdk.richPush?.expoPlugins ?? [] where name == plugin.name {
                    guard let option else { return true }
                    let value = plugin.options.first { $0.keyPath == option || $0.keyPath.hasPrefix(option + ".") }?
                        .value
                    return value.map { !$0.isEmpty && $0 != "false" } ?? false
                }
            }
            let name = plugin.name.lowercased()
            let local = name.hasPrefix("./") || name.hasPrefix("../")
            return name.contains("notification-service") || name.contains("service-extension")
                || name.contains("notificationservice")
                || (local && name.contains("notification") && (name.contains("service") || name.contains("extension")))
        }

        static func check(_ project: LintProject) -> [Finding] {
            project.crossPlatform.compactMap { app -> Finding? in
                let images = project.payloadsCarryImages(in: app)
                let sdks = app.richSDKs.filter { images || $0.rich.sendsImages }
                guard let expo = app.expo, expo.unreadable == nil, let first = sdks.first,
                    project.serviceExtensions(of: app).isEmpty,
                    !expo.plugins.contains(where: {
                        addsExtension($0, targetTypes: project.expoTargetTypes[app.folder] ?? [])
                    })
                else { return nil }
                let own = sdks.lazy.compactMap { entry in
                    entry.rich.expoPlugins.first.map { (entry.sdk, $0) }
                }.first
                let step: String
                if let (sdk, plugin) = own, let option = plugin.option,
                    expo.plugins.contains(where: { $0.name == plugin.name })
                {
                    step = "set \(option) in the options of \(plugin.name) (\(sdk.name)'s plugin) in \(expo.file)"
                } else if let (_, plugin) = own {
                    step =
                        "add \(plugin.name) to the plugins of \(expo.file)\(plugin.option.map { " with \($0) set" } ?? "")"
                } else {
                    step =
                        "add a plugin that does (npx expo install expo-notification-service-extension-plugin, listed in the plugins of \(expo.file) with iosNSEFilePath naming your NotificationService.m) and attach the image in it"
                }
                return Finding(
                    rule: descriptor, cause: images ? imagesSent : nil,
                    message:
                        "the Expo app uses \(CrossPlatformProject.naming(sdks))\(images ? ", its payloads carry images," : "") but no plugin in \(expo.file) adds a notification service extension: the iOS app expo prebuild makes has none and images never appear; \(step)",
                    file: expo.file,
                    notes: CrossPlatformProject.links(sdks)
                        + (first.rich.expoPlugins.isEmpty
                            ? ["Expo config plugins: https://docs.expo.dev/config-plugins/introduction/"] : []))
            }
        }
    }
}
