import Foundation

/// The files of a project, read and parsed once, that lint rules compare: extension and app
/// Info.plists, category manifests, Swift and Objective-C sources, payloads and their attachments.
struct LintProject {
    /// An extension's Info.plist, read.
    var extensions: [ExtensionConfig] = []
    /// The content extensions by the categories they draw, with the overlaps.
    var registry = ExtensionRegistry([])
    /// App (not extension) Info.plists.
    var appPlists: [AppPlist] = []
    /// Category manifests, each read on its own so that repeats across files are findings.
    var manifests: [(file: String, manifest: CategoryManifest)] = []
    /// What the sources say about categories.
    var sources = SourceScan()
    /// What the sources said before the change being linted, when a baseline was given.
    var baseline: BaselineSources?
    /// Payload files, checked.
    var payloads: [LintPayload] = []
    /// What the tree's Xcode projects build: apps, the extensions they embed, each target's
    /// settings and files.
    var targets = ProjectTargets()
    /// Notification extensions of a target no app embeds: left out of the checks across files.
    var unembeddedExtensions: [(config: ExtensionConfig, target: ProjectTargets.Built)] = []
    /// Notification extension plists' top dictionaries as written (build settings not
    /// expanded), by file, for what `ExtensionConfig` leaves out.
    var writtenExtensionPlists: [String: [String: PropertyValue]] = [:]
    /// What each target's "Run Script" phases run, with the script files they name (which may
    /// add entitlements as the target is built), by `ProjectTargets.Built.key`.
    var targetScripts: [String: String] = [:]
    /// Entitlements files the targets name, read, by absolute path.
    var entitlements: [String: [String: PropertyValue]] = [:]
    /// Entitlements files that targets name and the tree does not hold.
    var missingEntitlements: [MissingEntitlements] = []
    /// Paths the walk or the loader could not read.
    var pathProblems: [PathProblem] = []
    /// The dependencies the project's dependency files and project files declare.
    var dependencies: [Dependency] = []
    /// Project files and entitlements files that could not be read: the file as named, the
    /// reader's reason, and whether it is an entitlements file.
    var unreadableProjectFiles: [(file: String, reason: String, isEntitlements: Bool)] = []
    /// What in the projects' build settings could not be read whole.
    var buildSettingsProblems: [BuildSettingsProblem] = []
    /// Findings of the readers (a plist that does not load, a payload key of the wrong type…).
    var findings: [Finding] = []
    /// Where keys are written, by file, for placing findings: XML plists by line, JSON by line
    /// and column.
    var sourceMaps: [String: SourceMap] = [:]
    /// How many files of each kind were read.
    var counts: [String: Int] = [:]
    /// The Flutter, React Native, Expo and Capacitor apps of the tree.
    var crossPlatform: [CrossPlatformProject] = []
    /// The `type`s of the targets `@bacons/apple-targets` adds at `expo prebuild`
    /// (`targets/*/expo-target.config.*`), by the folder holding `targets` as the walk names it.
    var expoTargetTypes: [String: Set<String>] = [:]
    /// The code of the apps' notification service and content extensions, by
    /// `ProjectTargets.Built.key`.
    var extensionCode: [String: ExtensionCode] = [:]
    /// Whether the tree holds an asset catalog (a `.xcassets` folder with a `Contents.json`).
    var hasAssetCatalog = false
    /// The names of the asset catalogs' image sets (`ProjectImageSets.setName(ofContents:)`).
    var imageSetNames: Set<String> = []
    /// The template images actions name as icons that no image set has but a loose file of the
    /// bundle does (`NAME.png`, `NAME@2x.png`… beside the app's sources and plists).
    var looseActionImages: Set<String> = []
    /// The `Localizable` table files of the tree (`LocalizedStringsReader.isTableFile`), read.
    var localizationTables: [String] = []
    /// Every key of those tables, in any language.
    var localizationKeys: Set<String> = []
    /// The first table file that could not be read, with why: its keys are unknown.
    var unreadableLocalizationTable: LocalizedStringsError?
    /// Whether a file is at an absolute path, in the tree the project was read from (for the
    /// files an Expo config names).
    var fileExists: (String) -> Bool = { _ in false }

    /// An entitlements file (`CODE_SIGN_ENTITLEMENTS`) inside the folders linted that is not
    /// there, with the targets that name it.
    struct MissingEntitlements {
        /// The `project.pbxproj` whose targets name it, as the walk named it.
        var projectFile: String
        /// The path as the project names it, relative to the project's folder.
        var named: String
        var targets: [ProjectTargets.Built]
        /// A file of that name but for letter case is there: found on a Mac's default disk.
        var differsInCase = false
    }

    /// An app's own Info.plist: what lint needs of it.
    struct AppPlist {
        var file: String
        /// `UIBackgroundModes`.
        var backgroundModes: [String]
        /// `NSUserActivityTypes`.
        var userActivityTypes: [String]
        /// The app target it is of, when the project file says.
        var target: ProjectTargets.Built?
        /// The name iOS shows in the app's notifications: `CFBundleDisplayName`, else
        /// `CFBundleName` (also as Xcode generates them, `INFOPLIST_KEY_…`), build variables
        /// expanded with the target's settings; nil when neither is given or a variable is left.
        var displayName: String?
        /// Keys written twice in one dictionary of the file (an XML plist), with the line of each
        /// repeat.
        var duplicateKeys: [(keyPath: String, line: Int)] = []
        /// The top-level keys whose value is text, with the text as written.
        var texts: [String: String] = [:]

        /// Whether Xcode writes it from build settings alone (`file` is then the project file).
        var isGenerated: Bool { file.hasSuffix(".pbxproj") }

        /// The key path a finding about `key` names: none in a project file.
        func keyPath(_ key: String) -> String? { isGenerated ? nil : key }

        /// How a message names its `key`: `UIBackgroundModes`, or that of the plist Xcode
        /// generates for a target.
        func naming(_ key: String) -> String {
            guard isGenerated, let target else { return key }
            return "\(key) of the Info.plist Xcode generates for \(target.described)"
        }

        /// What lint needs of the plist's `top` dictionary, with the keys Xcode adds to it from
        /// build settings (`INFOPLIST_KEY_…`, lists separated by spaces).
        init(
            file: String, top: [String: PropertyValue], generated: [String: String] = [:],
            target: ProjectTargets.Built? = nil
        ) {
            func list(_ key: String) -> [String] {
                (top[key]?.array?.compactMap(\.string) ?? [])
                    + (generated[key]?.split(separator: " ").map(String.init) ?? [])
            }
            self.file = file
            backgroundModes = list("UIBackgroundModes")
            userActivityTypes = list("NSUserActivityTypes")
            self.target = target
            texts = top.compactMapValues(\.string)
            let written = ["CFBundleDisplayName", "CFBundleName"].lazy.compactMap { top[$0]?.string ?? generated[$0] }
                .first { !$0.isEmpty }
            let expanded = written.map { target?.target.settings.expand($0) ?? BuildVariables().expand($0) }
            displayName = expanded.flatMap { $0.unresolved.isEmpty && !$0.text.isEmpty ? $0.text : nil }
        }
    }

    /// A category some input registers: where, and how sure richpreview is.
    struct Registration {
        var identifier: String
        var file: String?
        var line: Int?
        var column: Int?
        var keyPath: String?
        /// Read from code whose registration call was seen (or a manifest), rather than assumed.
        var isCertain: Bool
    }

    /// The template image names actions give as icons, in the manifests and the code.
    var templateImageNames: Set<String> {
        var names = Set<String>()
        for (_, manifest) in manifests {
            for action in manifest.categories.flatMap(\.actions) {
                if let icon = action.icon, icon.kind == .templateImage { names.insert(icon.name) }
            }
        }
        for action in sources.categories.flatMap(\.actions) {
            if let icon = action.icon?.icon, icon.kind == .templateImage { names.insert(icon.name) }
        }
        return names
    }

    /// Every category the manifests and the sources register, in file order.
    var registrations: [Registration] {
        var result: [Registration] = []
        for (file, manifest) in manifests {
            for category in manifest.categories {
                result.append(
                    Registration(
                        identifier: category.identifier, file: file,
                        keyPath: manifest.origin(of: category.identifier)?.keyPath, isCertain: true))
            }
        }
        for category in sources.categories {
            guard let identifier = category.identifier.literal else { continue }
            if case .leftOut = category.registration { continue }
            let certain: Bool = if case .registered = category.registration { true } else { false }
            result.append(
                Registration(
                    identifier: identifier, file: category.location.file, line: category.location.line,
                    column: category.location.column, isCertain: certain))
        }
        return result
    }

    /// Whether anything in the project registers categories (otherwise rules about unregistered
    /// categories have nothing to compare with).
    var hasRegistrations: Bool {
        !manifests.isEmpty || !sources.categories.isEmpty
    }

    /// Whether the project shows it registers no category at all: sources were read, none builds
    /// a category or calls a registration, no manifest, and no code in another language (which
    /// could register them) is in the tree.
    var registersNothing: Bool {
        !hasRegistrations && sources.registrationCalls.isEmpty && counts["sources", default: 0] > 0
            && counts["other-language files", default: 0] == 0
    }

    /// Whether the only code that could register categories is in another language lint does not
    /// read (a React Native app's JavaScript, a Flutter app's Dart): nothing read registers any.
    var mayRegisterInOtherLanguage: Bool {
        !hasRegistrations && sources.registrationCalls.isEmpty && counts["other-language files", default: 0] > 0
    }

    /// Category registrations in code whose identifier could not be resolved: an unregistered
    /// category may be one of them.
    var unresolvedRegistrations: Int {
        sources.categories.filter { $0.identifier.literal == nil }.count
    }

    /// The identifiers registered.
    var registeredIdentifiers: Set<String> { Set(registrations.map(\.identifier)) }

    /// The identifiers the app has as its own: those registered, and those a watch app's
    /// notification scenes declare (`WKNotificationScene(controller:category:)`).
    var declaredIdentifiers: Set<String> {
        registeredIdentifiers.union(sources.sceneCategories.compactMap(\.value.literal))
    }

    /// Whether the project has a service extension.
    var hasServiceExtension: Bool { extensions.contains { $0.point == .serviceExtension } }

    /// Whether the project has a content extension.
    var hasContentExtension: Bool { extensions.contains { $0.point == .contentExtension } }
}

/// A payload file of the project, checked, with the attachments it refers to.
struct LintPayload {
    var file: String
    var report: PayloadReport
    /// The payload as read, even when a finding makes it invalid (`report.payload` is nil then);
    /// nil when it could not be read as a payload at all.
    var read: APNsPayload?
    /// Whether the file's name marks it as a VoIP push (`voip` in it).
    var isVoIP: Bool
    /// The attachments it carries, resolved and checked.
    var attachments: [PayloadAttachments.Attachment]
    /// Each message of a file holding several (an Expo array), checked on its own; empty for a
    /// file of one.
    var messages: [LintPayload] = []

    /// Whether it is a watch app's test payload (Xcode's template, with `WatchKit Simulator
    /// Actions`, or under the name the watch template gives it, `PushNotificationPayload.apns`):
    /// its category is the watch interface's, declared in a storyboard or a scene.
    var isWatchTestPayload: Bool {
        report.payload?.custom["WatchKit Simulator Actions"] != nil
            || (report.file as NSString).lastPathComponent == "PushNotificationPayload.apns"
    }
}

extension LintProject {
    /// An app of the project files with the notification extensions it embeds, as read.
    struct AppScope {
        var app: ProjectTargets.Built
        /// The app's Info.plist, as read (or as Xcode generates it).
        var plist: AppPlist?
        var extensions: [(config: ExtensionConfig, target: ProjectTargets.Built)]
    }

    /// Each app target with the notification extensions it embeds whose plists were read; empty
    /// without a project file.
    var appScopes: [AppScope] {
        guard !targets.isEmpty else { return [] }
        let configs = Dictionary(extensions.map { (XcodeProject.absolute($0.file).lowercased(), $0) }) { first, _ in
            first
        }
        return targets.apps.filter { $0.app.target.platform.hasNotifications }.map { app in
            let embedded = app.extensions.compactMap { built in
                built.target.infoPlist.flatMap { configs[$0.lowercased()] }.map { (config: $0, target: built) }
            }
            let plist = appPlists.first {
                $0.target?.target.name == app.app.target.name && $0.target?.project == app.app.project
            }
            return AppScope(app: app.app, plist: plist, extensions: embedded)
        }
    }

    /// The groups of extensions whose categories must not overlap: one per app when the project
    /// files say which app embeds which, plus the extensions no target names; otherwise all.
    var claimScopes: [[ExtensionConfig]] {
        let scopes = appScopes
        guard !scopes.isEmpty else { return [extensions] }
        let placed = Set(scopes.flatMap { $0.extensions.map(\.config.file) })
        let unplaced = extensions.filter { !placed.contains($0.file) }
        return scopes.map { $0.extensions.map(\.config) } + (unplaced.isEmpty ? [] : [unplaced])
    }
}

extension LintProject {
    /// The push SDKs the project's dependencies bring in, each with the first file naming it.
    var pushSDKs: [(sdk: PushSDK, file: String)] {
        var found: [(sdk: PushSDK, file: String)] = []
        for dependency in dependencies {
            guard let sdk = PushSDK.identify(dependency), !found.contains(where: { $0.sdk.name == sdk.name }) else {
                continue
            }
            found.append((sdk, dependency.file))
        }
        return found
    }

    /// The categories the project's push SDKs register by name (Braze's `ab_cat_…`, MoEngage's).
    var categoriesRegisteredBySDKs: Set<String> {
        var identifiers: Set<String> = []
        for (sdk, _) in pushSDKs {
            if case .registers(let known, _) = sdk.categories { identifiers.formUnion(known) }
        }
        return identifiers
    }

    /// The SDK (with the file naming it) that registers categories at run time lint cannot see,
    /// when the project has one.
    var sdkRegisteringUnseenCategories: (sdk: PushSDK, file: String)? {
        pushSDKs.first { $0.sdk.categories.registersUnseen }
    }
}
