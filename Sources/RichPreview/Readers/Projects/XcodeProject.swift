import Foundation

/// An Xcode project file (`NAME.xcodeproj/project.pbxproj`), read with Foundation's property list
/// reader: its targets, each with the build settings of its default configuration (the project's
/// and the target's, over their `.xcconfig` bases), its Info.plist and entitlements files, and the
/// products it embeds.
struct XcodeProject {
    /// The `project.pbxproj` file, as the walk named it.
    var file: String
    /// The project's targets, in the file's order.
    var targets: [Target]
    /// The folder that holds the `.xcodeproj`, absolute, and as the walk named it.
    var folder = (absolute: "", named: "")
    /// The URLs of the Swift packages the project depends on (`XCRemoteSwiftPackageReference`).
    var packageRepositories: [String] = []
    /// The folders of the local Swift packages it depends on (`XCLocalSwiftPackageReference`),
    /// absolute: their code is the app's own.
    var localPackageFolders: [String] = []
    /// What in its build settings could not be read whole (an `.xcconfig` that includes itself, a
    /// setting that expands past the limits), in the order met.
    var settingsProblems: [BuildSettingsProblem] = []

    /// An absolute path of the project (a target's file) named as the walk names files: under
    /// the folder as it was named, when it is inside the project's folder.
    func named(_ path: String) -> String {
        guard !folder.absolute.isEmpty, path.hasPrefix(folder.absolute + "/") else { return path }
        let inside = String(path.dropFirst(folder.absolute.count + 1))
        return folder.named.isEmpty || folder.named == "." ? inside : folder.named + "/" + inside
    }

    /// Why a project file could not be read.
    struct ReadError: Error, Equatable {
        /// Why, for users.
        var reason: String
    }

    /// A target: what it builds, for which platform, with which settings.
    struct Target {
        /// The target's name.
        var name: String
        /// Its product type (`com.apple.product-type.app-extension`, `…application`).
        var productType: String
        /// The file name of its product (`Service.appex`).
        var productFile: String?
        /// Its build settings in the default configuration, `$(inherited)` applied, with the
        /// settings Xcode defines itself (`TARGET_NAME`, `SRCROOT`, `PRODUCT_NAME`, …).
        var settings: BuildVariables
        /// The configuration the settings are of (`Release`).
        var configuration: String
        /// Its Info.plist (`INFOPLIST_FILE`), as an absolute, standardized path.
        var infoPlist: String?
        /// Its entitlements (`CODE_SIGN_ENTITLEMENTS`), as an absolute, standardized path.
        var entitlements: String?
        /// The products it embeds as extensions or watch apps.
        var embeds: [Embed]
        /// The settings whose value expanded past `BuildVariables`' limits: left out of
        /// `settings`, so they read as unset.
        var settingsOverLimit: [String] = []
        /// The text of its "Run Script" phases.
        var shellScripts: [String] = []
        /// The source files it compiles (its "Compile Sources" phase), absolute.
        var sourceFiles: Set<String> = []
        /// The folders Xcode keeps in sync with it (every file under one is the target's).
        var synchronizedFolders: [String] = []
        /// The Swift package products it links (`FirebaseMessaging`).
        var packageProducts: [String] = []
        /// The frameworks and libraries its "Link Binary With Libraries" phase names, by file
        /// name (`FirebaseMessaging.xcframework`, `libPods-Service.a`).
        var linkedFrameworks: [String] = []

        /// Whether it compiles the file at `path` (absolute): listed in its sources, under one of
        /// its synchronized folders, or (a target that lists neither) beside its Info.plist.
        func compiles(_ path: String) -> Bool {
            if sourceFiles.contains(path) { return true }
            if synchronizedFolders.contains(where: { path.hasPrefix($0 + "/") }) { return true }
            guard sourceFiles.isEmpty, synchronizedFolders.isEmpty, let plist = infoPlist else { return false }
            return path.hasPrefix((plist as NSString).deletingLastPathComponent + "/")
        }

        /// The platform it builds for, from `SDKROOT`, or from `SUPPORTED_PLATFORMS` when that
        /// does not list the SDK's platform (an iOS target under a project whose `SDKROOT` is
        /// `macosx`) or the SDK is `auto`.
        var platform: Platform {
            let sdk = Platform.named(in: setting("SDKROOT") ?? "")
            let supported = setting("SUPPORTED_PLATFORMS") ?? ""
            if let sdk, supported.isEmpty || supported.contains(sdk.sdkPrefix) { return sdk }
            return Platform.named(in: supported) ?? sdk ?? .unknown
        }

        /// Whether it builds an app (an iOS app, a watch app, an App Clip, a Messages app).
        var isApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }

        /// Whether it builds an app extension (or a watch extension, or an ExtensionKit one).
        var isExtension: Bool {
            productType.hasPrefix("com.apple.product-type.app-extension")
                || productType == "com.apple.product-type.watchkit2-extension"
                || productType == "com.apple.product-type.extensionkit-extension"
                || productType == "com.apple.product-type.tv-app-extension"
        }

        /// Whether Xcode writes its Info.plist from `INFOPLIST_KEY_…` settings
        /// (`GENERATE_INFOPLIST_FILE = YES`), over `INFOPLIST_FILE` when it has one too.
        var generatesInfoPlist: Bool { setting("GENERATE_INFOPLIST_FILE") == "YES" }

        /// The keys Xcode writes into a generated Info.plist (`INFOPLIST_KEY_NAME = value`), by key:
        /// only those its generator reads (`GeneratedInfoPlistKeys`).
        var generatedInfoPlistKeys: [String: String] {
            guard generatesInfoPlist else { return [:] }
            var keys: [String: String] = [:]
            for name in settings.values.keys where name.hasPrefix(Self.infoPlistKeyPrefix) {
                let key = String(name.dropFirst(Self.infoPlistKeyPrefix.count))
                guard GeneratedInfoPlistKeys.isWritten(key) else { continue }
                if let value = setting(name) { keys[key] = value }
            }
            return keys
        }

        /// The `INFOPLIST_KEY_` settings of keys Xcode's generator does not write, sorted: they
        /// reach no Info.plist.
        var ignoredInfoPlistKeySettings: [String] {
            settings.values.keys.filter {
                $0.hasPrefix(Self.infoPlistKeyPrefix)
                    && !GeneratedInfoPlistKeys.isWritten(String($0.dropFirst(Self.infoPlistKeyPrefix.count)))
            }.sorted()
        }

        /// What begins the settings of a generated Info.plist's keys.
        static let infoPlistKeyPrefix = "INFOPLIST_KEY_"

        /// Its bundle identifier (`PRODUCT_BUNDLE_IDENTIFIER`), nil when unset or not fully
        /// resolved.
        var bundleIdentifier: String? { setting("PRODUCT_BUNDLE_IDENTIFIER") }

        /// Its deployment target for its platform (`IPHONEOS_DEPLOYMENT_TARGET` for iOS).
        var deploymentTarget: String? { platform.deploymentSetting.flatMap(setting) }

        /// The setting `name` expanded; nil when unset, empty, or left with an unresolved `$(…)`.
        func setting(_ name: String) -> String? {
            guard let raw = settings.values[name] else { return nil }
            let (text, unresolved) = settings.expand(raw)
            let value = text.trimmingCharacters(in: .whitespaces)
            return value.isEmpty || !unresolved.isEmpty ? nil : value
        }
    }

    /// A product a target's copy phase embeds: its file name (`Service.appex`) and, when the file
    /// is the product of a target of the same project, that target's name. A product of another
    /// project (a sub-project's, through a `PBXReferenceProxy`, or a workspace sibling's, by a
    /// built-products path) has none and is matched by its file name.
    struct Embed: Equatable {
        /// The product's file name.
        var product: String
        /// The target of this project whose product it is, when it is one.
        var target: String?
    }

    /// The platform a target builds for.
    enum Platform: String {
        case iOS, watchOS, macOS, tvOS, visionOS, unknown

        static let sdkPrefixes: [(String, Platform)] = [
            ("iphone", .iOS), ("watch", .watchOS), ("macosx", .macOS), ("appletv", .tvOS), ("xr", .visionOS),
        ]

        /// The first platform `text` names (`iphoneos`, `watchsimulator`), nil for none.
        static func named(in text: String) -> Platform? {
            sdkPrefixes.first { text.contains($0.0) }?.1
        }

        /// What its SDKs' names start with.
        var sdkPrefix: String { Self.sdkPrefixes.first { $0.1 == self }?.0 ?? "" }

        /// Whether richpreview models its notifications (iOS, and watchOS, whose apps and
        /// extensions share the iOS API); also true when the project does not say.
        var hasNotifications: Bool { self == .iOS || self == .watchOS || self == .unknown }

        /// The build setting of its deployment target.
        var deploymentSetting: String? {
            switch self {
            case .iOS: "IPHONEOS_DEPLOYMENT_TARGET"
            case .watchOS: "WATCHOS_DEPLOYMENT_TARGET"
            case .macOS: "MACOSX_DEPLOYMENT_TARGET"
            case .tvOS: "TVOS_DEPLOYMENT_TARGET"
            case .visionOS: "XROS_DEPLOYMENT_TARGET"
            case .unknown: nil
            }
        }
    }

    /// The largest project file read (a large app's is about 1 MB).
    static let sizeLimit = 16 * 1024 * 1024

    /// Reads the project file at `path` (named `file` in findings) from `store`.
    /// - Throws: `ReadError` when it cannot be read or is not a project file.
    static func read(path: String, file: String, store: LintFileStore) throws(ReadError) -> XcodeProject {
        let data: Data
        do {
            data = try store.data(path: path, limit: sizeLimit, listed: true)
        } catch {
            throw ReadError(reason: error.reason)
        }
        let projectFolder = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let absolute = URL(fileURLWithPath: projectFolder).standardizedFileURL.path
        var project = try read(data, file: file, folder: absolute, store: store)
        project.folder = (absolute, projectFolder)
        return project
    }

    /// Reads a project file's bytes; `folder` is the folder that holds the `.xcodeproj`, and the
    /// `.xcconfig` files its configurations are based on are read from `store`.
    /// - Throws: `ReadError` when the bytes are not a project file.
    static func read(_ data: Data, file: String, folder: String, store: LintFileStore) throws(ReadError)
        -> XcodeProject
    {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw ReadError(reason: "not a property list Foundation can read (\(error.localizedDescription))")
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
            let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any]
        else {
            throw ReadError(reason: "not an Xcode project: no objects dictionary with its root object")
        }
        let graph = ObjectGraph(objects: objects)
        var sourceRoot = folder
        if let dir = project["projectDirPath"] as? String, !dir.isEmpty {
            sourceRoot = Self.join(folder, dir)
        }
        let paths = GroupPaths(graph: graph, sourceRoot: sourceRoot)
        let projectName = ((((file as NSString).deletingLastPathComponent) as NSString).lastPathComponent as NSString)
            .deletingPathExtension
        var builtIn: [String: String] = [
            "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot, "SOURCE_ROOT": sourceRoot, "PROJECT_NAME": projectName,
            "DEVELOPMENT_LANGUAGE": (project["developmentRegion"] as? String) ?? "en",
            "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
        ]
        let projectList = graph.object(project["buildConfigurationList"])
        var targets: [Target] = []
        // Each target of this project by the id of its product's file reference.
        var producers: [String: String] = [:]
        for targetID in (project["targets"] as? [String]) ?? [] {
            if let target = graph.object(targetID), let name = target["name"] as? String,
                let product = target["productReference"] as? String
            {
                producers[product] = name
            }
        }
        var problems: [BuildSettingsProblem] = []
        // Each base configuration read once, however many targets are based on it.
        var baseSettings: [String: [String: String]] = [:]
        func baseConfiguration(_ path: String) -> [String: String] {
            if let known = baseSettings[path] { return known }
            var settings: [String: String] = [:]
            do {
                let contents = try XcconfigReader.read(path, store: store)
                settings = contents.settings
                problems += contents.outsideIncludes.map {
                    .includeOutside(includer: $0.includer, resolved: $0.resolved)
                }
            } catch {
                // A base configuration that is not there (CocoaPods' before `pod install`) is
                // common and says nothing; anything else is said.
                if error.failure != .unreadable(.notFound) {
                    problems.append(.xcconfig(file: error.file, failure: error.failure, base: path))
                }
            }
            baseSettings[path] = settings
            return settings
        }
        for targetID in (project["targets"] as? [String]) ?? [] {
            guard let target = graph.object(targetID), let productType = target["productType"] as? String,
                let name = target["name"] as? String
            else { continue }
            let (configuration, targetConfig) = Self.defaultConfiguration(
                graph.object(target["buildConfigurationList"]), graph)
            let projectConfig = Self.configuration(named: configuration, in: projectList, graph)
            builtIn["TARGET_NAME"] = name
            builtIn["CONFIGURATION"] = configuration
            builtIn["PRODUCT_BUNDLE_PACKAGE_TYPE"] =
                productType.hasPrefix("com.apple.product-type.application") ? "APPL" : "XPC!"
            var settings = builtIn
            var overLimit: Set<String> = []
            for level in [projectConfig, targetConfig] {
                guard let level else { continue }
                if let base = paths.baseConfiguration(of: level) {
                    Self.apply(baseConfiguration(base), to: &settings, overLimit: &overLimit)
                }
                Self.apply(Self.settings(level["buildSettings"]), to: &settings, overLimit: &overLimit)
            }
            overLimit.formUnion(Self.overLimit(settings, excluding: overLimit))
            for name in overLimit { settings[name] = nil }
            problems += overLimit.sorted().map { .settingOverLimit(project: file, target: name, setting: $0) }
            var variables = BuildVariables(settings)
            if variables.values["PRODUCT_MODULE_NAME"] == nil, let product = variables.expandedFully("$(PRODUCT_NAME)")
            {
                variables.values["PRODUCT_MODULE_NAME"] = Self.moduleName(product)
            }
            let productFile = graph.object(target["productReference"]).flatMap { $0["path"] as? String }
            var result = Target(
                name: name, productType: productType,
                productFile: productFile.map { ($0 as NSString).lastPathComponent },
                settings: variables, configuration: configuration,
                embeds: Self.embeddedProducts(target, graph, producers: producers))
            result.settingsOverLimit = overLimit.sorted()
            let phases = ((target["buildPhases"] as? [String]) ?? []).compactMap { graph.object($0) }
            result.shellScripts = phases.compactMap { $0["shellScript"] as? String }
            for phase in phases where phase["isa"] as? String == "PBXSourcesBuildPhase" {
                for buildFile in (phase["files"] as? [String]) ?? [] {
                    if let reference = graph.object(buildFile)?["fileRef"] as? String,
                        let path = paths.path(of: reference)
                    {
                        result.sourceFiles.insert(path)
                    }
                }
            }
            result.packageProducts = ((target["packageProductDependencies"] as? [String]) ?? []).compactMap {
                graph.object($0)?["productName"] as? String
            }
            for phase in phases where phase["isa"] as? String == "PBXFrameworksBuildPhase" {
                for buildFile in ((phase["files"] as? [String]) ?? []).compactMap({ graph.object($0) }) {
                    if let reference = graph.object(buildFile["fileRef"]), let path = reference["path"] as? String {
                        result.linkedFrameworks.append((path as NSString).lastPathComponent)
                    } else if let product = graph.object(buildFile["productRef"])?["productName"] as? String {
                        result.packageProducts.append(product)
                    }
                }
            }
            result.synchronizedFolders = ((target["fileSystemSynchronizedGroups"] as? [String]) ?? []).compactMap {
                paths.path(of: $0)
            }
            result.infoPlist = result.setting("INFOPLIST_FILE").map { Self.join(sourceRoot, $0) }
            result.entitlements = result.setting("CODE_SIGN_ENTITLEMENTS").map { Self.join(sourceRoot, $0) }
            targets.append(result)
        }
        var read = XcodeProject(file: file, targets: targets)
        read.settingsProblems = problems
        read.packageRepositories = objects.values.compactMap { value in
            guard let object = value as? [String: Any], object["isa"] as? String == "XCRemoteSwiftPackageReference"
            else { return nil }
            return object["repositoryURL"] as? String
        }.sorted()
        read.localPackageFolders = objects.values.compactMap { value in
            guard let object = value as? [String: Any], object["isa"] as? String == "XCLocalSwiftPackageReference",
                let relative = object["relativePath"] as? String
            else { return nil }
            return (Self.join(sourceRoot, relative) as NSString).standardizingPath
        }.sorted()
        return read
    }

    /// The settings (not in `known`) whose expansion passes `BuildVariables`' limits, in name
    /// order: at most `maximumSettingsOverLimit` of them, since each costs the limit to find (a
    /// setting not looked at still expands within the limits wherever it is read).
    private static func overLimit(_ settings: [String: String], excluding known: Set<String>) -> Set<String> {
        let variables = BuildVariables(settings)
        var found: Set<String> = []
        let referring = settings.filter { !known.contains($0.key) && $0.value.utf8.contains(UInt8(ascii: "$")) }
        for (name, value) in referring.sorted(by: { $0.key < $1.key }) where found.count < maximumSettingsOverLimit {
            if variables.expansion(of: value).isOverLimit { found.insert(name) }
        }
        return found
    }

    /// How many settings of a target are found over the limits before the rest are left unexamined.
    static let maximumSettingsOverLimit = 4

    /// The configuration a list builds by default (`defaultConfigurationName`, else `Release`,
    /// else its first), with its name.
    private static func defaultConfiguration(_ list: [String: Any]?, _ graph: ObjectGraph) -> (String, [String: Any]?) {
        let configurations = ((list?["buildConfigurations"] as? [String]) ?? []).compactMap { graph.object($0) }
        let wanted = (list?["defaultConfigurationName"] as? String) ?? "Release"
        let chosen =
            configurations.first { $0["name"] as? String == wanted } ?? configurations.first {
                $0["name"] as? String == "Release"
            } ?? configurations.first
        return ((chosen?["name"] as? String) ?? wanted, chosen)
    }

    private static func configuration(named name: String, in list: [String: Any]?, _ graph: ObjectGraph) -> [String:
        Any]?
    {
        ((list?["buildConfigurations"] as? [String]) ?? []).lazy.compactMap { graph.object($0) }.first {
            $0["name"] as? String == name
        }
    }

    /// A build settings dictionary as text: lists joined by spaces; conditional settings
    /// (`NAME[sdk=iphoneos*]`) only where the plain one is missing.
    private static func settings(_ value: Any?) -> [String: String] {
        guard let dictionary = value as? [String: Any] else { return [:] }
        var plain: [String: String] = [:]
        var conditional: [String: String] = [:]
        for (key, value) in dictionary {
            let text: String
            if let string = value as? String {
                text = string
            } else if let list = value as? [Any] {
                text = list.compactMap { $0 as? String }.joined(separator: " ")
            } else {
                continue
            }
            if let bracket = key.firstIndex(of: "[") {
                conditional[String(key[..<bracket])] = text
            } else {
                plain[key] = text
            }
        }
        return plain.merging(conditional) { current, _ in current }
    }

    /// Lays `level` over `settings`, its `$(inherited)` standing for what was there. A value that
    /// would grow past `BuildVariables.maximumExpandedLength` so (many `$(inherited)` a level) is
    /// put in `overLimit` instead.
    private static func apply(
        _ level: [String: String], to settings: inout [String: String], overLimit: inout Set<String>
    ) {
        for (key, value) in level {
            guard !overLimit.contains(key) else { continue }
            let below = settings[key] ?? ""
            let written = bracketed(value)
            let inherited =
                written.contains("inherited")
                ? written.components(separatedBy: "$(inherited)").count - 1
                    + written.components(separatedBy: "${inherited}").count - 1 : 0
            guard written.utf8.count + inherited * below.utf8.count <= BuildVariables.maximumExpandedLength else {
                overLimit.insert(key)
                continue
            }
            settings[key] = written.replacingOccurrences(of: "$(inherited)", with: below)
                .replacingOccurrences(of: "${inherited}", with: below).trimmingCharacters(in: .whitespaces)
        }
    }

    /// `value` with build settings' bare references (`$NAME`) written as `$(NAME)`.
    static func bracketed(_ value: String) -> String {
        guard value.contains("$") else { return value }
        var output = ""
        var characters = value[...]
        while let dollar = characters.firstIndex(of: "$") {
            output += characters[..<dollar]
            let rest = characters[characters.index(after: dollar)...]
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if let first = name.first, first.isLetter || first == "_" {
                output += "$(\(name))"
                characters = rest[name.endIndex...]
            } else {
                output += "$"
                characters = rest
            }
        }
        return output + characters
    }

    /// What Xcode makes of a product name as a module name: characters other than letters,
    /// digits and `_` become `_`, and a leading digit gets one before it.
    static func moduleName(_ product: String) -> String {
        var name = String(product.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// The products a target copies into its plug-ins folder (`dstSubfolderSpec` 13), or into its
    /// extensions or watch folder (16, with `EXTENSIONS_FOLDER_PATH` or `Watch`), each with the
    /// target of `producers` (target names by product reference id) that builds it.
    private static func embeddedProducts(
        _ target: [String: Any], _ graph: ObjectGraph, producers: [String: String]
    ) -> [Embed] {
        var products: [Embed] = []
        for phaseID in (target["buildPhases"] as? [String]) ?? [] {
            guard let phase = graph.object(phaseID), phase["isa"] as? String == "PBXCopyFilesBuildPhase" else {
                continue
            }
            let spec = "\(phase["dstSubfolderSpec"] ?? "")"
            let destination = (phase["dstPath"] as? String) ?? ""
            guard
                spec == "13"
                    || (spec == "16"
                        && (destination.contains("EXTENSIONS_FOLDER_PATH") || destination.contains("Watch")))
            else { continue }
            for buildFileID in (phase["files"] as? [String]) ?? [] {
                let referenceID = graph.object(buildFileID)?["fileRef"] as? String
                guard let referenceID, let reference = graph.object(referenceID),
                    let path = (reference["path"] as? String) ?? (reference["name"] as? String)
                else { continue }
                products.append(Embed(product: (path as NSString).lastPathComponent, target: producers[referenceID]))
            }
        }
        return products
    }

    /// `path` under `folder` unless it is absolute, standardized (`..` and `.` removed).
    static func join(_ folder: String, _ path: String) -> String {
        absolute(path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path))
    }

    /// `path` as an absolute, standardized path (relative ones from the current folder), the form
    /// targets name their files in.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// The objects of a project file by id.
private struct ObjectGraph {
    let objects: [String: Any]

    func object(_ id: Any?) -> [String: Any]? {
        guard let id = id as? String else { return nil }
        return objects[id] as? [String: Any]
    }
}

/// Where the project's file references are: each group's folder, from the main group down.
private struct GroupPaths {
    let graph: ObjectGraph
    let sourceRoot: String
    /// Each group's or file's parent group.
    private var parents: [String: String] = [:]

    init(graph: ObjectGraph, sourceRoot: String) {
        self.graph = graph
        self.sourceRoot = sourceRoot
        for (id, value) in graph.objects {
            guard let object = value as? [String: Any], let children = object["children"] as? [String] else {
                continue
            }
            for child in children { parents[child] = id }
        }
    }

    /// The absolute path of the file or group `id`; nil when it is relative to something other
    /// than the source tree (the build products, the SDK).
    func path(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = graph.object(id) else { return nil }
        let own = (object["path"] as? String) ?? ""
        switch (object["sourceTree"] as? String) ?? "<group>" {
        case "<absolute>":
            return own.isEmpty ? nil : XcodeProject.join("/", own)
        case "SOURCE_ROOT":
            return XcodeProject.join(sourceRoot, own)
        case "<group>":
            let base = parents[id].flatMap { path(of: $0, depth: depth + 1) } ?? sourceRoot
            return own.isEmpty ? base : XcodeProject.join(base, own)
        default:
            return nil
        }
    }

    /// The `.xcconfig` a build configuration is based on: a file reference, or (projects with
    /// folders Xcode keeps in sync) a path under a synchronized folder.
    func baseConfiguration(of configuration: [String: Any]) -> String? {
        if let id = configuration["baseConfigurationReference"] as? String {
            return path(of: id)
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
            let relative = configuration["baseConfigurationReferenceRelativePath"] as? String,
            let folder = path(of: anchor)
        {
            return XcodeProject.join(folder, relative)
        }
        return nil
    }
}

extension BuildVariables {
    /// `text` expanded, or nil when any reference in it stays unresolved.
    func expandedFully(_ text: String) -> String? {
        let (value, unresolved) = expand(text)
        return unresolved.isEmpty ? value : nil
    }
}

extension XcodeProject {
    /// A version setting's numbers (`"10.3"` → `[10, 3]`, trailing zeros dropped, so `10` and
    /// `10.0` are equal); nil when it is not numbers and dots.
    static func versionParts(_ version: String) -> [Int]? {
        var parts: [Int] = []
        for piece in version.split(separator: ".", omittingEmptySubsequences: false) {
            guard let number = Int(piece), number >= 0 else { return nil }
            parts.append(number)
        }
        while parts.last == 0 { parts.removeLast() }
        return parts
    }

    /// The later of two versions' numbers.
    static func later(_ first: [Int], _ second: [Int]) -> [Int] {
        first.lexicographicallyPrecedes(second) ? second : first
    }
}
