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
    /// Payload files, checked.
    var payloads: [LintPayload] = []
    /// The `project.pbxproj` files found.
    var xcodeProjects: [String] = []
    /// Paths the walk or the loader could not read.
    var pathProblems: [PathProblem] = []
    /// Findings of the readers (a plist that does not load, a payload key of the wrong type…).
    var findings: [Finding] = []
    /// Where keys are written, by file, for placing findings: XML plists by line, JSON by line
    /// and column.
    var sourceMaps: [String: SourceMap] = [:]
    /// How many files of each kind were read.
    var counts: [String: Int] = [:]

    /// An app's own Info.plist: what lint needs of it.
    struct AppPlist {
        var file: String
        /// `UIBackgroundModes`.
        var backgroundModes: [String]
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
    /// Whether the file's name marks it as a VoIP push (`voip` in it).
    var isVoIP: Bool
    /// The attachments it carries, resolved and checked.
    var attachments: [PayloadAttachments.Attachment]

    /// Whether it is a watch app's test payload (Xcode's template, with `WatchKit Simulator
    /// Actions`): its category is the watch interface's, declared in a storyboard or a scene.
    var isWatchTestPayload: Bool { report.payload?.custom["WatchKit Simulator Actions"] != nil }
}
