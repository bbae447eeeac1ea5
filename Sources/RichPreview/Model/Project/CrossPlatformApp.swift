import Foundation

/// An app built with a cross-platform framework whose iOS side lint read: the framework, the
/// file that told, the native project under its `ios/` folder (none in a managed Expo app before
/// `expo prebuild`), and the push SDKs it depends on.
public struct CrossPlatformApp: Sendable, Hashable, Codable {
    /// The frameworks lint recognises.
    public enum Framework: String, Sendable, Hashable, Codable, CaseIterable {
        /// A Flutter app: `pubspec.yaml` depending on the Flutter SDK.
        case flutter
        /// A React Native app: `package.json` depending on `react-native`.
        case reactNative = "react-native"
        /// An Expo app: `package.json` depending on `expo`, or an Expo config (`app.json`,
        /// `app.config.json`, `app.config.js`, `app.config.ts`).
        case expo
        /// A Capacitor app: `package.json` depending on `@capacitor/core` or `@capacitor/ios`, or
        /// a `capacitor.config.json` / `capacitor.config.ts`.
        case capacitor

        /// The framework's name, for messages.
        public var name: String {
            switch self {
            case .flutter: "Flutter"
            case .reactNative: "React Native"
            case .expo: "Expo"
            case .capacitor: "Capacitor"
            }
        }
    }

    /// The framework.
    public var framework: Framework
    /// The file that told (`pubspec.yaml`, `package.json`, `app.json`), as the walk named it.
    public var manifest: String
    /// The native project lint read for its iOS side (`ios/Runner.xcodeproj`); nil when the tree
    /// has none.
    public var iosProject: String?
    /// The Expo config read (`app.json`, `app.config.ts`); nil for an app without one.
    public var expoConfig: String?
    /// Why the Expo config's plugins could not be read (`app.config.js` building them with code);
    /// nil when they were, or there is no config.
    public var configUnreadable: String?
    /// The push SDKs it depends on, by their vendors' names, in the order found.
    public var pushSDKs: [String]

    /// Creates a description of an app.
    public init(
        framework: Framework, manifest: String, iosProject: String?, expoConfig: String? = nil,
        configUnreadable: String? = nil, pushSDKs: [String] = []
    ) {
        self.framework = framework
        self.manifest = manifest
        self.iosProject = iosProject
        self.expoConfig = expoConfig
        self.configUnreadable = configUnreadable
        self.pushSDKs = pushSDKs
    }

    /// `Flutter app (pubspec.yaml), iOS project ios/Runner.xcodeproj, push: Firebase Messaging`.
    public var summary: String {
        var parts = ["\(framework.name) app (\(manifest))"]
        let none = framework == .expo ? "no iOS project (expo prebuild makes it)" : "no iOS project under ios/"
        parts.append(iosProject.map { "iOS project \($0)" } ?? none)
        if let configUnreadable, let expoConfig { parts.append("\(expoConfig) not read: \(configUnreadable)") }
        if !pushSDKs.isEmpty { parts.append("push: " + pushSDKs.joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }
}

/// A cross-platform app of the tree with what the rules about its iOS side need.
struct CrossPlatformProject {
    /// What the summary says of it.
    var app: CrossPlatformApp
    /// Its folder, as the walk names paths (empty for the top of a tree given as `.`).
    var folder: String
    /// The `project.pbxproj` of its iOS project, as the walk named it.
    var projectFile: String?
    /// The push SDKs it depends on, each with the file naming it.
    var sdks: [(sdk: PushSDK, file: String)]
    /// Its Expo config, read.
    var expo: ExpoConfig?
    /// The `Podfile` beside its iOS project.
    var podfile: Podfile?

    /// The SDKs whose pushes carry images that need a service extension on iOS.
    var richSDKs: [(sdk: PushSDK, rich: PushSDK.RichPush, file: String)] {
        sdks.compactMap { entry in entry.sdk.richPush.map { (entry.sdk, $0, entry.file) } }
    }

    /// The apps the tree's files make: each folder whose `pubspec.yaml` depends on Flutter, whose
    /// `package.json` on React Native, Expo or Capacitor, or holding an Expo or Capacitor config,
    /// with the iOS project under its `ios/` folder (a Flutter or React Native folder without one
    /// is a library's, not an app's).
    static func detect(
        files: [String], dependencies: [Dependency], expoConfigs: [ExpoConfig], podfiles: [Podfile]
    ) -> [CrossPlatformProject] {
        func folder(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
        var byFolder: [String: (framework: CrossPlatformApp.Framework, manifest: String)] = [:]
        func claim(_ folder: String, _ framework: CrossPlatformApp.Framework, _ manifest: String) {
            let rank: [CrossPlatformApp.Framework] = [.flutter, .capacitor, .expo, .reactNative]
            if let known = byFolder[folder],
                rank.firstIndex(of: known.framework)! <= rank.firstIndex(of: framework)!
            {
                return
            }
            byFolder[folder] = (framework, manifest)
        }
        let manifests = Dictionary(grouping: dependencies.filter { $0.kind == .npmPackage || $0.kind == .pubPackage }) {
            $0.file
        }
        for (file, declared) in manifests {
            let names = Set(declared.map(\.name))
            if declared.first?.kind == .pubPackage {
                if names.contains("flutter") { claim(folder(file), .flutter, file) }
            } else if names.contains("@capacitor/core") || names.contains("@capacitor/ios") {
                claim(folder(file), .capacitor, file)
            } else if names.contains("expo") {
                claim(folder(file), .expo, file)
            } else if names.contains("react-native") {
                claim(folder(file), .reactNative, file)
            }
        }
        for config in expoConfigs { claim(folder(config.file), .expo, config.file) }
        // The copies `npx cap sync` writes into the native projects are not the app's config.
        for file in files
        where ["capacitor.config.json", "capacitor.config.ts"].contains(file.pathName)
            && !file.split(separator: "/").contains(where: { $0 == "android" || $0 == "ios" })
        {
            claim(folder(file), .capacitor, file)
        }
        let projectFiles = files.filter { $0.hasSuffix("/project.pbxproj") || $0 == "project.pbxproj" }
        var found: [CrossPlatformProject] = []
        for (appFolder, (framework, manifest)) in byFolder.sorted(by: { $0.key < $1.key }) {
            let prefix = appFolder.isEmpty ? "ios/" : appFolder + "/ios/"
            let projectFile = projectFiles.filter { $0.hasPrefix(prefix) }.min {
                ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1)
            }
            // An `app.config.*` that writes plugins replaces `app.json`'s; one that does not is
            // handed `app.json`'s config and leaves its plugins in place.
            func rank(_ config: ExpoConfig) -> Int {
                let isJSON = config.file.hasSuffix(".json")
                return config.writesPlugins ? (isJSON ? 1 : 0) : (isJSON ? 2 : 3)
            }
            let expo = expoConfigs.filter { folder($0.file) == appFolder }.min {
                (rank($0), $0.file) < (rank($1), $1.file)
            }
            // A Flutter or React Native folder without an iOS project is a library's.
            guard projectFile != nil || framework == .expo || framework == .capacitor else { continue }
            let projectFolder = projectFile.map { folder(folder($0)) }
            let podfile = podfiles.first { folder($0.file) == projectFolder }
            var sdks: [(sdk: PushSDK, file: String)] = []
            // The app's own manifest first: it is where a reader looks for the SDK.
            let own = dependencies.filter { folder($0.file) == appFolder }
            for dependency in own + dependencies.filter({ $0.file.hasPrefix(prefix) }) {
                guard let sdk = PushSDK.identify(dependency), !sdks.contains(where: { $0.sdk.name == sdk.name }) else {
                    continue
                }
                sdks.append((sdk, dependency.file))
            }
            for plugin in expo?.plugins ?? [] {
                let dependency = Dependency(kind: .npmPackage, name: plugin.name, file: expo?.file ?? manifest)
                guard let sdk = PushSDK.identify(dependency), !sdks.contains(where: { $0.sdk.name == sdk.name }) else {
                    continue
                }
                sdks.append((sdk, dependency.file))
            }
            let app = CrossPlatformApp(
                framework: framework, manifest: manifest,
                iosProject: projectFile.map { folder($0) }, expoConfig: expo?.file,
                configUnreadable: expo?.unreadable, pushSDKs: sdks.map(\.sdk.name))
            found.append(
                CrossPlatformProject(
                    app: app, folder: appFolder, projectFile: projectFile, sdks: sdks, expo: expo, podfile: podfile))
        }
        return found
    }
}

extension LintProject {
    /// The app scopes of a cross-platform app's iOS project, with the service extensions each embeds.
    func scopes(of app: CrossPlatformProject) -> [AppScope] {
        guard let projectFile = app.projectFile else { return [] }
        return appScopes.filter { $0.app.project == projectFile }
    }

    /// The service extensions a cross-platform app's iOS apps embed.
    func serviceExtensions(of app: CrossPlatformProject) -> [(
        scope: AppScope, config: ExtensionConfig, target: ProjectTargets.Built
    )] {
        scopes(of: app).flatMap { scope in
            scope.extensions.filter { $0.config.point == .serviceExtension }.map { (scope, $0.config, $0.target) }
        }
    }

    /// The notification service and content extensions a cross-platform app's iOS apps embed.
    func notificationExtensions(of app: CrossPlatformProject) -> [(
        scope: AppScope, config: ExtensionConfig, target: ProjectTargets.Built
    )] {
        scopes(of: app).flatMap { scope in scope.extensions.map { (scope, $0.config, $0.target) } }
    }

    /// Whether a payload under the app's folder carries an image (an attachment URL).
    func payloadsCarryImages(in app: CrossPlatformProject) -> Bool {
        payloads.contains { payload in
            (app.folder.isEmpty || payload.file.hasPrefix(app.folder + "/")) && !payload.attachments.isEmpty
        }
    }
}
