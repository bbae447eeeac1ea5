extension LintProject {
    /// Whether the project's app attaches the images its pushes name by URL: downloaded by the
    /// first embedded notification service extension whose code attaches an image (or hands the
    /// push to a push SDK's helper, or reads the payload itself; an extension whose code was not
    /// read is taken to), by the extension an Expo config's plugin adds at `expo prebuild`, or by
    /// a service extension plist of a tree with no app target; not downloaded when the app
    /// targets embed none, or none that attaches an image, or an Expo app's config adds none;
    /// unknown when the tree has no app.
    var remoteImageDelivery: RemoteImageDelivery {
        let embedded = appScopes.flatMap { scope in
            scope.extensions.filter { $0.config.point == .serviceExtension }.map(\.target)
        }
        let helpers = PushSDK.known.flatMap { $0.richPush?.helpers ?? [] }
        var idle: [String] = []
        for built in embedded {
            guard let code = extensionCode[built.key], !code.files.isEmpty else {
                return .downloaded(by: "the app's notification service extension \(built.target.name)")
            }
            if code.mentions("UNNotificationAttachment") || code.mentions("userInfo")
                || helpers.contains(where: code.mentions)
            {
                return .downloaded(by: "the app's notification service extension \(built.target.name)")
            }
            idle.append(built.target.name)
        }
        if let first = idle.first {
            return .notDownloaded(
                reason:
                    "the app's notification service extension \(first) neither attaches an image nor calls a push SDK's helper"
            )
        }
        var expoWithout: String?
        for app in crossPlatform {
            guard let expo = app.expo, expo.unreadable == nil else { continue }
            guard
                let plugin = expo.plugins.first(where: {
                    Rules.ExpoServiceExtensionMissing.addsExtension($0, targetTypes: expoTargetTypes[app.folder] ?? [])
                })
            else {
                expoWithout = expoWithout ?? expo.file
                continue
            }
            return .downloaded(by: "the notification service extension the plugin \(plugin.name) adds at expo prebuild")
        }
        if appScopes.isEmpty, let file = expoWithout {
            return .notDownloaded(reason: "no plugin in \(file) adds a notification service extension at expo prebuild")
        }
        if !appScopes.isEmpty {
            return .notDownloaded(reason: "the app embeds no notification service extension")
        }
        if let plist = registry.extensions.first(where: { $0.point == .serviceExtension }) {
            return .downloaded(by: "the notification service extension of \(plist.file)")
        }
        return .unknown
    }
}
