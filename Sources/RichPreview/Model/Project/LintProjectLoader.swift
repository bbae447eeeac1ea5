import Foundation

/// Reads the files a walk found into a `LintProject`, telling each file's role by its content:
/// a property list with an `NSExtension` dictionary is an extension's Info.plist, one with bundle
/// keys an app's; a JSON object or plist with a `categories` array is a category manifest; an
/// `.apns` file, or a JSON object with an `aps` key, is a payload; `.swift`, `.m`, `.mm` and `.h`
/// files are sources. Every file is read at most once, within a size limit.
struct LintProjectLoader {
    let configuration: LintConfiguration
    /// Decodes image attachments whole; nil identifies them by signature only.
    var imageProbe: ImageProbe?
    /// Where every file is read from.
    let store: LintFileStore

    /// Keys an app's own Info.plist has and an extension's or a settings bundle's has not.
    static let appKeys = [
        "UIBackgroundModes", "UIApplicationSceneManifest", "LSRequiresIPhoneOS", "UILaunchStoryboardName",
    ]

    /// Checks the attachments of the payloads that carry some.
    private var attachmentChecker: PayloadAttachments
    /// The decoders of payloads and of VoIP pushes, made once.
    private let payloadDecoder: PayloadDecoder
    private let voipDecoder: PayloadDecoder

    init(configuration: LintConfiguration, imageProbe: ImageProbe? = nil, store: LintFileStore = .disk) {
        self.configuration = configuration
        self.imageProbe = imageProbe
        self.store = store
        let keyPaths = AttachmentLocator.defaultKeyPaths + configuration.attachmentKeys
        attachmentChecker = PayloadAttachments(
            keyPaths: keyPaths, folder: configuration.attachmentsRoot.map { URL(fileURLWithPath: $0) },
            inspector: AttachmentInspector(limits: configuration.attachmentLimits, imageProbe: imageProbe))
        attachmentChecker.store = store
        payloadDecoder = PayloadDecoder(attachmentKeyPaths: keyPaths)
        voipDecoder = PayloadDecoder(pushType: .voip, attachmentKeyPaths: keyPaths)
    }

    /// The project the walked `files` make, with the paths the walk could not read (`problems`).
    func load(_ files: [ProjectWalker.Entry], problems: [PathProblem] = []) -> LintProject {
        var project = LintProject()
        project.pathProblems = problems
        var sources: [(path: String, language: SourceLanguage)] = []
        var configs: [ExtensionConfig] = []
        var appConfigs: [ProjectWalker.Entry] = []
        var podfiles: [Podfile] = []
        var podfileProperties: [String: String] = [:]
        // The project files first: their targets say what each plist is and its build settings.
        loadXcodeProjects(files.filter { LintFileKind(path: $0.path) == .xcodeProject }, into: &project)
        for entry in files {
            let kind = LintFileKind(path: entry.path)
            switch kind {
            case .propertyList:
                loadPlist(entry, into: &project, configs: &configs)
            case .json:
                if entry.path.contains(".xcassets/") { project.hasAssetCatalog = true }
                // An image set's contents are read when an image is drawn, never as a payload.
                if let name = ProjectImageSets.setName(ofContents: entry.path) {
                    project.imageSetNames.insert(name)
                    continue
                }
                // A JavaScript package's manifest: its code may register the categories, and its
                // dependencies may be a push SDK's.
                if entry.path.hasSuffix("package.json") {
                    project.counts["other-language files", default: 0] += 1
                    loadDependencies(entry, into: &project)
                }
                if ExpoConfig.isConfig(entry.path) || ExpoTargetConfig.appFolder(of: entry.path) != nil {
                    appConfigs.append(entry)
                }
                if entry.path.pathName == "Podfile.properties.json" {
                    podfileProperties[(entry.path as NSString).deletingLastPathComponent] = podfileLinkage(entry)
                    continue
                }
                loadJSON(entry, isAPNS: false, into: &project)
            case .apns:
                loadJSON(entry, isAPNS: true, into: &project)
            case .swift, .objectiveC:
                guard let language = kind?.sourceLanguage else { continue }
                sources.append((entry.path, language))
            case .otherLanguage:
                project.counts["other-language files", default: 0] += 1
            case .dependencyFile:
                loadDependencies(entry, into: &project)
                if DependencyFile.kind(of: entry.path) == .podfile,
                    let data = try? store.data(path: entry.path, limit: DependencyFile.sizeLimit, listed: true)
                {
                    podfiles.append(Podfile(data, file: entry.path))
                }
            case .appConfig:
                appConfigs.append(entry)
            case .localizedStrings:
                loadLocalizationTable(entry, into: &project)
            case .xcodeProject, nil:
                continue
            }
        }
        for index in podfiles.indices {
            podfiles[index].propertiesLinkage =
                podfileProperties[(podfiles[index].file as NSString).deletingLastPathComponent]
        }
        project.extensions = configs
        project.registry = ExtensionRegistry(configs)
        project.appPlists += generatedAppPlists(project)
        loadCrossPlatformApps(files, appConfigs: appConfigs, podfiles: podfiles, into: &project)
        // Each source is read where it is lexed, and its bytes and tokens are gone before the next
        // one is read: the tree's text is never held whole.
        let listed = sources
        var wasRead = [Bool](repeating: false, count: listed.count)
        wasRead.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let flags = buffer
            project.sources = SourceScanner.scan(
                count: listed.count, withConstants: false, keepingWorkings: true,
                queries: Rules.sourceQueries ?? .none
            ) { index in
                let (path, language) = listed[index]
                guard let bytes = try? store.listedBytes(path: path, limit: SourceScanner.fileSizeLimit) else {
                    return nil
                }
                flags[index] = true
                return SourceBytes(path: path, language: language, bytes: bytes)
            }
        }
        project.counts["sources"] = wasRead.reduce(0) { $0 + ($1 ? 1 : 0) }
        project.sources.removeFacts(in: project.sources.availabilityRegions.filter { neverRuns($0, in: project) })
        project.looseActionImages = looseImages(
            named: project.templateImageNames.subtracting(project.imageSetNames), besides: files)
        return project
    }

    /// The folders the loose images of an app's bundle are looked for in, at most.
    static let looseImageFolderLimit = 2000

    /// Those of `names` that are a loose image file (`NAME.png`, `NAME@2x.png`, `NAME@3x.png`,
    /// `NAME.jpg`, `NAME.pdf`) in a folder holding a source or a property list of the walk.
    private func looseImages(named names: Set<String>, besides files: [ProjectWalker.Entry]) -> Set<String> {
        guard !names.isEmpty else { return [] }
        var folders: [String] = []
        var seen = Set<String>()
        for entry in files where folders.count < Self.looseImageFolderLimit {
            let kind = LintFileKind(path: entry.path)
            guard kind?.sourceLanguage != nil || kind == .propertyList else { continue }
            let folder = (entry.path as NSString).deletingLastPathComponent
            if seen.insert(folder).inserted { folders.append(folder) }
        }
        return names.filter { name in
            guard !name.contains("/"), name != "..", name != "." else { return false }
            let candidates = ["png", "@2x.png", "@3x.png", "jpg", "pdf"].map {
                $0.hasPrefix("@") ? name + $0 : name + "." + $0
            }
            return folders.contains { folder in
                candidates.contains { store.exists(folder.isEmpty ? $0 : folder + "/" + $0) }
            }
        }
    }

    /// Whether a block that runs only below an iOS version is in files only targets at that
    /// version or later compile (for a target of another platform, `*` makes the check true):
    /// code that never runs. A file no target is known to compile may run anywhere.
    private func neverRuns(_ region: ScannedAvailabilityRegion, in project: LintProject) -> Bool {
        let path = XcodeProject.absolute(region.file)
        let compiling = project.targets.projects.flatMap(\.targets).filter {
            ($0.isApplication || $0.isExtension) && $0.compiles(path)
        }
        guard !compiling.isEmpty, let below = XcodeProject.versionParts(region.onlyBelow) else { return false }
        return compiling.allSatisfy { target in
            guard target.platform == .iOS else { return target.platform != .unknown }
            guard let deployment = target.deploymentTarget.flatMap(XcodeProject.versionParts) else { return false }
            return !deployment.lexicographicallyPrecedes(below)
        }
    }

    private func loadPlist(
        _ entry: ProjectWalker.Entry, into project: inout LintProject, configs: inout [ExtensionConfig]
    ) {
        let data: Data
        do {
            data = try store.data(path: entry.path, limit: FileContents.sizeLimit, listed: true)
        } catch {
            project.findings += ExtensionConfig.unreadableReport(file: entry.path, reason: error.reason).findings
            return
        }
        guard let root = try? PropertyValue.parsePropertyList(data).value else {
            // Whatever role it was meant for, the plist rules say why it is not a property list.
            project.findings += ExtensionConfig.check(data, file: entry.path).findings
            return
        }
        guard let top = root.dictionary else { return }
        let targets =
            project.targets.isEmpty ? [] : project.targets.targets(ofPlist: XcodeProject.absolute(entry.path))
        if !targets.isEmpty, !targets.contains(where: { $0.target.platform.hasNotifications }) {
            // A macOS or tvOS target's: notifications there are not what richpreview models.
            project.counts["other platforms", default: 0] += 1
            return
        }
        project.sourceMaps[entry.path] = SourceMap(propertyList: data)
        if top["NSExtension"] != nil || top.keys.contains(where: ExtensionPlistDocument.extensionKeys.contains) {
            let variables = Self.variables(configuration.variables, over: targets.first?.target.settings)
            let report = ExtensionConfig.check(foundInTree: data, file: entry.path, variables: variables)
            project.counts[report.isNotificationExtension ? "extension plists" : "other extensions", default: 0] += 1
            project.findings += report.findings
            guard let config = report.config ?? report.described else { return }
            project.writtenExtensionPlists[entry.path] = top
            let embedded = targets.filter { target in
                !project.targets.unembedded.contains {
                    $0.project == target.project && $0.target.name == target.target.name
                }
            }
            if !targets.isEmpty, embedded.isEmpty {
                project.unembeddedExtensions.append((config, targets[0]))
            } else {
                configs.append(config)
            }
        } else if let app = targets.first(where: \.target.isApplication) {
            project.counts["app plists", default: 0] += 1
            var plist = LintProject.AppPlist(
                file: entry.path, top: top, generated: app.target.generatedInfoPlistKeys, target: app)
            plist.duplicateKeys = PlistKeyLocator.duplicates(in: [UInt8](data))
            project.appPlists.append(plist)
        } else if let categories = top["categories"]?.array,
            categories.isEmpty || categories.contains(where: { $0.dictionary?["identifier"] != nil })
        {
            loadManifest(data, file: entry.path, into: &project)
        } else if Self.appKeys.contains(where: { top[$0] != nil }) {
            project.counts["app plists", default: 0] += 1
            var plist = LintProject.AppPlist(file: entry.path, top: top)
            plist.duplicateKeys = PlistKeyLocator.duplicates(in: [UInt8](data))
            project.appPlists.append(plist)
        }
    }

    /// Reads the tree's project files, and the entitlements their targets name; a file that does
    /// not read is a finding, and the rest is linted as without it.
    private func loadXcodeProjects(_ entries: [ProjectWalker.Entry], into project: inout LintProject) {
        var read: [XcodeProject] = []
        for entry in entries {
            do {
                read.append(try XcodeProject.read(path: entry.path, file: entry.path, store: store))
            } catch {
                project.unreadableProjectFiles.append((entry.path, error.reason, false))
            }
        }
        project.counts["Xcode projects"] = read.isEmpty ? nil : read.count
        project.dependencies += read.flatMap { xcodeProject in
            xcodeProject.packageRepositories.map { Dependency(kind: .repository, name: $0, file: xcodeProject.file) }
        }
        project.targets = ProjectTargets(read)
        for xcodeProject in read {
            for problem in xcodeProject.settingsProblems {
                switch problem {
                case .includeOutside(let includer, let resolved):
                    project.pathProblems.append(
                        PathProblem(path: includer, cause: .namesOutside(named: "an include", resolved: resolved)))
                case .xcconfig(let file, .outsideRoots(let resolved), let base) where file == base:
                    project.pathProblems.append(
                        PathProblem(
                            path: xcodeProject.file,
                            cause: .namesOutside(named: xcodeProject.named(file), resolved: resolved)))
                default:
                    project.buildSettingsProblems.append(problem.naming(xcodeProject.named))
                }
            }
            for target in xcodeProject.targets where !target.shellScripts.isEmpty {
                project.targetScripts[ProjectTargets.Built(project: xcodeProject.file, target: target).key] =
                    scriptText(target, of: xcodeProject, into: &project)
            }
        }
        var named: [String: (project: String, name: String)] = [:]
        var signedBy: [String: [ProjectTargets.Built]] = [:]
        for xcodeProject in read {
            for target in xcodeProject.targets {
                guard let path = target.entitlements else { continue }
                named[path] = (xcodeProject.file, xcodeProject.named(path))
                signedBy[path, default: []].append(ProjectTargets.Built(project: xcodeProject.file, target: target))
            }
        }
        for path in named.keys.sorted() {
            let reason: String
            do {
                let data = try store.namedData(path: path, limit: FileContents.sizeLimit)
                if let top = try? PropertyValue.parsePropertyList(data).value.dictionary {
                    project.entitlements[path] = top
                    continue
                }
                reason = "an entitlements file that is not a property list with a dictionary at its top"
            } catch {
                switch error {
                case .outsideRoots(let resolved):
                    let (file, name) = named[path] ?? (path, path)
                    project.pathProblems.append(
                        PathProblem(path: file, cause: .namesOutside(named: name, resolved: resolved)))
                    continue
                case .unreadable(.notFound):
                    if let (file, name) = named[path], !name.contains("$") {
                        project.missingEntitlements.append(
                            LintProject.MissingEntitlements(
                                projectFile: file, named: name, targets: signedBy[path] ?? [],
                                differsInCase: Self.existsIgnoringCase(
                                    path,
                                    below: ((XcodeProject.absolute(file) as NSString).deletingLastPathComponent
                                        as NSString).deletingLastPathComponent)))
                    }
                    continue
                case .unreadable(let failure):
                    reason = failure.reason
                }
            }
            project.unreadableProjectFiles.append((named[path]?.name ?? path, reason, true))
        }
    }

    /// Whether the absolute `path`, below `folder` (the project's, inside the roots), names a
    /// file when letter case is ignored, as on the case-insensitive disks Macs format by
    /// default: each component below `folder` is looked up among its folder's names, never
    /// through a symbolic link, so the lookup stays inside the tree.
    static func existsIgnoringCase(_ path: String, below folder: String) -> Bool {
        guard path.hasPrefix(folder + "/") else { return false }
        let manager = FileManager.default
        // Every folder whose names so far match; a handful at most (`App` and `app` side by side).
        var folders = [folder]
        for component in path.dropFirst(folder.count + 1).split(separator: "/") {
            let wanted = component.lowercased()
            folders = folders.flatMap { parent in
                let names = (try? manager.contentsOfDirectory(atPath: parent)) ?? []
                return names.filter { $0.lowercased() == wanted }.map {
                    (parent as NSString).appendingPathComponent($0)
                }
                .filter {
                    (try? manager.attributesOfItem(atPath: $0)[.type] as? FileAttributeType) != .typeSymbolicLink
                }
            }.prefix(16).map { $0 }
            if folders.isEmpty { return false }
        }
        return true
    }

    /// A target's scripts with the text of the script files they name (`exec Scripts/x.sh`),
    /// relative to the project's source folder; a file leading out of the folders linted is not
    /// read, and said.
    private func scriptText(
        _ target: XcodeProject.Target, of xcodeProject: XcodeProject, into project: inout LintProject
    ) -> String {
        var text = target.shellScripts.joined(separator: "\n")
        let root = target.settings.values["SRCROOT"] ?? ""
        let words = text.split { $0 == " " || $0 == "\n" || $0 == "\"" || $0 == "'" || $0 == ";" }
        for word in Set(words).sorted() where word.hasSuffix(".sh") || word.hasSuffix(".py") || word.hasSuffix(".rb") {
            let path = XcodeProject.join(
                root,
                String(word).replacingOccurrences(of: "${SRCROOT}/", with: "")
                    .replacingOccurrences(of: "$(SRCROOT)/", with: "").replacingOccurrences(of: "$SRCROOT/", with: ""))
            do {
                let data = try store.namedData(path: path, limit: 1024 * 1024)
                text += "\n" + String(decoding: data, as: UTF8.self)
            } catch {
                guard case .outsideRoots(let resolved) = error else { continue }
                let problem = PathProblem(
                    path: xcodeProject.file, cause: .namesOutside(named: xcodeProject.named(path), resolved: resolved))
                if !project.pathProblems.contains(problem) { project.pathProblems.append(problem) }
            }
        }
        return text
    }

    /// The Flutter, React Native, Expo and Capacitor apps the files make, with their Expo configs
    /// and the code of their service extensions (read only when there is such an app).
    private func loadCrossPlatformApps(
        _ files: [ProjectWalker.Entry], appConfigs: [ProjectWalker.Entry], podfiles: [Podfile],
        into project: inout LintProject
    ) {
        let expoFolders = Set(
            project.dependencies.filter { $0.kind == .npmPackage && $0.name == "expo" }.map {
                ($0.file as NSString).deletingLastPathComponent
            })
        var expoConfigs: [ExpoConfig] = []
        for entry in appConfigs where ExpoConfig.isConfig(entry.path) {
            guard let data = try? store.data(path: entry.path, limit: DependencyFile.sizeLimit, listed: true) else {
                continue
            }
            let isExpoApp = expoFolders.contains((entry.path as NSString).deletingLastPathComponent)
            if var config = ExpoConfig.read(data, file: entry.path, isExpoApp: isExpoApp) {
                config.podfileEditingPlugin = podfileEditingPlugin(of: config)
                expoConfigs.append(config)
            }
        }
        project.crossPlatform = CrossPlatformProject.detect(
            files: files.map(\.path), dependencies: project.dependencies,
            expoConfigs: expoConfigs, podfiles: podfiles)
        if !project.crossPlatform.isEmpty { project.fileExists = { [store] in store.exists($0) } }
        for entry in appConfigs {
            guard let folder = ExpoTargetConfig.appFolder(of: entry.path),
                let data = try? store.data(path: entry.path, limit: ExpoTargetConfig.sizeLimit, listed: true),
                let type = ExpoTargetConfig.type(in: data)
            else { continue }
            project.expoTargetTypes[folder, default: []].insert(type)
        }
        // Every embedded notification extension's code: what a service extension attaches (the
        // rules of cross-platform apps, and whether the app downloads remote images), and whose
        // view controller a content extension hands the push to.
        let notificationExtensions = project.appScopes.flatMap { $0.extensions.map(\.target) }
        guard !notificationExtensions.isEmpty else { return }
        let sources = files.filter { LintFileKind(path: $0.path)?.sourceLanguage != nil }
        for built in notificationExtensions where project.extensionCode[built.key] == nil {
            var code = ExtensionCode()
            let compiled = sources.filter { built.target.compiles(XcodeProject.absolute($0.path)) }
            // An Objective-C extension may import its SDK in the header beside its `.m` only
            // (`@interface NotificationViewController : CTNotificationViewController`).
            let folders = Set(compiled.map { ($0.path as NSString).deletingLastPathComponent })
            let headers = sources.filter {
                $0.path.hasSuffix(".h") && folders.contains(($0.path as NSString).deletingLastPathComponent)
            }
            for entry in compiled + headers {
                guard code.files.count < 64,
                    let data = try? store.data(path: entry.path, limit: ExtensionCode.fileLimit, listed: true)
                else { continue }
                code.add(data, file: entry.path)
            }
            project.extensionCode[built.key] = code
        }
    }

    /// The first local plugin of an Expo config (`./plugins/withX.js`, read inside the roots only)
    /// whose code edits what the Podfile asks CocoaPods for.
    private func podfileEditingPlugin(of config: ExpoConfig) -> String? {
        let folder = (XcodeProject.absolute(config.file) as NSString).deletingLastPathComponent
        for plugin in config.plugins where plugin.name.hasPrefix("./") || plugin.name.hasPrefix("../") {
            let path = URL(fileURLWithPath: (folder as NSString).appendingPathComponent(plugin.name))
                .standardizedFileURL.path
            guard path.hasPrefix(folder + "/") else { continue }
            for suffix in ["", ".js", ".ts", ".cjs", ".mjs", "/index.js", "/index.ts", "/app.plugin.js"] {
                guard let code = try? store.namedData(path: path + suffix, limit: DependencyFile.sizeLimit) else {
                    continue
                }
                if ExpoConfig.editsPodfileLinkage(code) { return plugin.name }
                break
            }
        }
        return nil
    }

    /// `ios.useFrameworks` of an Expo app's `ios/Podfile.properties.json`, which its Podfile reads.
    private func podfileLinkage(_ entry: ProjectWalker.Entry) -> String? {
        guard let data = try? store.data(path: entry.path, limit: DependencyFile.sizeLimit, listed: true),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["ios.useFrameworks"] as? String
    }

    /// The keys of a `Localizable` table file (one in an `.lproj` folder, or a catalog); the
    /// first that cannot be read is kept, since the keys it holds are unknown.
    private func loadLocalizationTable(_ entry: ProjectWalker.Entry, into project: inout LintProject) {
        guard LocalizedStringsReader.isTableFile(entry.path) else { return }
        project.localizationTables.append(entry.path)
        do throws(LocalizedStringsError) {
            let data: Data
            do {
                data = try store.data(path: entry.path, limit: LocalizedStringsReader.fileSizeLimit, listed: true)
            } catch {
                throw .unreadable(file: entry.path, reason: error.reason)
            }
            project.localizationKeys.formUnion(try LocalizedStringsReader.keys(in: data, file: entry.path))
        } catch {
            if project.unreadableLocalizationTable == nil { project.unreadableLocalizationTable = error }
        }
    }

    /// The dependencies a dependency file declares.
    private func loadDependencies(_ entry: ProjectWalker.Entry, into project: inout LintProject) {
        guard let kind = DependencyFile.kind(of: entry.path),
            let data = try? store.data(path: entry.path, limit: DependencyFile.sizeLimit, listed: true)
        else { return }
        project.dependencies += DependencyFile.dependencies(in: data, kind: kind, file: entry.path)
    }

    /// The build settings a plist of a target is expanded with: the target's, under those given
    /// on the command line (`--xcconfig`, `-D`), which win.
    private static func variables(_ given: BuildVariables, over target: BuildVariables?) -> BuildVariables {
        guard let target else { return given }
        return BuildVariables(target.values.merging(given.values) { _, given in given })
    }

    /// App targets whose Info.plist Xcode writes from build settings alone (no `INFOPLIST_FILE`):
    /// what lint needs of them, placed at their project file.
    private func generatedAppPlists(_ project: LintProject) -> [LintProject.AppPlist] {
        project.targets.apps.compactMap { app in
            let target = app.app.target
            guard target.infoPlist == nil, target.generatesInfoPlist, target.platform.hasNotifications else {
                return nil
            }
            return LintProject.AppPlist(
                file: app.app.project, top: [:], generated: target.generatedInfoPlistKeys, target: app.app)
        }
    }

    private func loadManifest(_ data: Data, file: String, into project: inout LintProject) {
        project.counts["manifests", default: 0] += 1
        let (manifest, findings) = CategoryManifest.check(data, file: file)
        project.findings += findings
        if let manifest { project.manifests.append((file, manifest)) }
    }

    private func loadJSON(_ entry: ProjectWalker.Entry, isAPNS: Bool, into project: inout LintProject) {
        // The commands' own limits: a `.json` file may be a category manifest (16 MiB) or a
        // payload (one over 64 KiB is read only to tell that it is one, then reported too large).
        let limit = isAPNS ? PayloadDecoder.parseLimit : FileContents.sizeLimit
        let data: Data
        do {
            data = try store.data(path: entry.path, limit: limit, listed: true)
        } catch {
            if case .tooLarge(let size, _) = error, isAPNS {
                project.payloads.append(
                    payload(
                        decoder(for: entry.path).oversizedReport(bytes: size, file: entry.path), entry.path,
                        isVoIP: Self.isVoIP(entry.path)))
            } else if !isAPNS, case .tooLarge(let size, let limit) = error {
                // Too large to be either, but never skipped in silence: whatever it holds is unchecked.
                project.pathProblems.append(PathProblem(path: entry.path, cause: .tooLarge(size: size, limit: limit)))
            } else {
                project.payloads.append(
                    payload(
                        decoder(for: entry.path).unreadableReport(reason: error.reason, file: entry.path), entry.path,
                        isVoIP: Self.isVoIP(entry.path)))
            }
            return
        }
        if !isAPNS {
            guard Self.mayBePayloadOrManifest(data) else { return }
            guard let shape = Self.topLevelShape(data) else {
                // Not JSON, or not an object: a payload if it says "aps", a manifest if it is an
                // object that says "categories" and "identifier" (then the syntax is a finding
                // about it); anything else is not ours (test data of an app's own, a product
                // list with categories of its own).
                let text = String(decoding: data.prefix(PayloadDecoder.parseLimit), as: UTF8.self)
                if text.contains("\"aps\"") || ProviderFormats.isMessage(data) {
                    project.payloads.append(checkPayload(data, file: entry.path, into: &project))
                } else if text.first(where: { !$0.isWhitespace }) == "{", text.contains("\"categories\""),
                    text.contains("\"identifier\"")
                {
                    loadManifest(data, file: entry.path, into: &project)
                }
                return
            }
            if shape.keys.contains("categories"), !shape.keys.contains("aps") {
                // Other JSON has "categories" too (emoji tables, app stores' data): a manifest's
                // are objects with an identifier.
                if shape.categoriesHaveIdentifiers { loadManifest(data, file: entry.path, into: &project) }
                return
            }
            guard
                shape.keys.contains(where: { $0.lowercased() == "aps" })
                    || (shape.keys.contains(where: ProviderFormats.topLevelKeys.contains)
                        && ProviderFormats.isMessage(data))
            else {
                return
            }
        }
        project.payloads.append(checkPayload(data, file: entry.path, into: &project))
    }

    /// The keys of a JSON document's top-level object, and whether its `categories` is an array
    /// that is empty or holds an object with an `identifier` (a manifest's), read without building
    /// the document; nil when it is not JSON or its top level is not an object.
    static func topLevelShape(_ data: Data) -> (keys: [String], categoriesHaveIdentifiers: Bool)? {
        let result = JSONReader.reading(data) {
            reader throws(JSONReader.SyntaxError) -> (keys: [String], categoriesHaveIdentifiers: Bool)? in
            guard try reader.peekKind() == .object else { return nil }
            try reader.beginObject()
            var keys: [String] = []
            var identified = false
            while let (key, _) = try reader.nextKey(first: keys.isEmpty) {
                keys.append(key)
                guard key == "categories", try reader.peekKind() == .array else {
                    try reader.skipValue()
                    continue
                }
                try reader.beginArray()
                var first = true
                identified = true
                while try reader.nextElement(first: first) {
                    if first { identified = false }
                    first = false
                    guard !identified, try reader.peekKind() == .object else {
                        try reader.skipValue()
                        continue
                    }
                    try reader.beginObject()
                    var firstMember = true
                    while let (member, _) = try reader.nextKey(first: firstMember) {
                        firstMember = false
                        if member == "identifier" { identified = true }
                        try reader.skipValue()
                    }
                }
            }
            try reader.expectEnd()
            return (keys, identified)
        }
        return (try? result.get()) ?? nil
    }

    /// Whether a `.json` file could be a payload, a provider message or a manifest, without parsing
    /// it: false only for plain UTF-8 text (no NUL byte, which UTF-16 and UTF-32 JSON has, no byte-order mark, no
    /// backslash, which could spell a key in escapes) that holds neither `"aps"` in any case nor
    /// `"categories"`; any such file is neither, parsed or not.
    static func mayBePayloadOrManifest(_ data: Data) -> Bool {
        ProviderFormats.mayBeMessage(data)
            || data.withUnsafeBytes { bytes in
                guard let first = bytes.first, first != 0xFE, first != 0xFF else { return true }
                let categories = Array("\"categories\"".utf8)
                let quote = UInt8(ascii: "\"")
                for index in bytes.indices {
                    let byte = bytes[index]
                    if byte == 0 || byte == UInt8(ascii: "\\") { return true }
                    guard byte == quote, index + 4 < bytes.count else { continue }
                    if bytes[index + 1] | 0x20 == UInt8(ascii: "a"), bytes[index + 2] | 0x20 == UInt8(ascii: "p"),
                        bytes[index + 3] | 0x20 == UInt8(ascii: "s"), bytes[index + 4] == quote
                    {
                        return true
                    }
                    if bytes.count - index >= categories.count,
                        bytes[index..<(index + categories.count)].elementsEqual(categories)
                    {
                        return true
                    }
                }
                return false
            }
    }

    /// The payload's report.
    private func checkPayload(_ data: Data, file: String, into project: inout LintProject) -> LintPayload {
        project.counts["payloads", default: 0] += 1
        let (report, document) = decoder(for: file).checkKeepingDocument(data, file: file)
        if let map = document.sourceMap { project.sourceMaps[file] = map }
        var checked = payload(report, file, isVoIP: Self.isVoIP(file))
        checked.read = document.payload
        checked.messages = decoder(for: file).messageReports(of: document).map { message in
            var each = payload(message.report, file, isVoIP: checked.isVoIP)
            each.read = message.read
            return each
        }
        return checked
    }

    /// The decoder for the payload file `file`: a VoIP push when its name says so, its attachments
    /// under the configured key paths too.
    private func decoder(for file: String) -> PayloadDecoder {
        Self.isVoIP(file) ? voipDecoder : payloadDecoder
    }

    /// Whether the file's name says it is a VoIP push (`voip` in any case).
    static func isVoIP(_ file: String) -> Bool {
        let utf8 = file.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return (file as NSString).lastPathComponent.lowercased().contains("voip")
        }
        // An ASCII path: its last component (trailing slashes aside), lowered byte by byte.
        var name = Array(utf8)
        while name.count > 1, name.last == UInt8(ascii: "/") { name.removeLast() }
        if let slash = name.lastIndex(of: UInt8(ascii: "/")), name.count > 1 { name.removeSubrange(...slash) }
        let lowered = name.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        let word = Array("voip".utf8)
        guard lowered.count >= word.count else { return false }
        return (0...(lowered.count - word.count)).contains { lowered[$0..<($0 + word.count)].elementsEqual(word) }
    }

    private func payload(_ report: PayloadReport, _ file: String, isVoIP: Bool) -> LintPayload {
        // A payload with no attachment URL costs one look at its top-level keys.
        LintPayload(
            file: file, report: report, read: report.payload, isVoIP: isVoIP,
            attachments: attachmentChecker.check(report))
    }
}
