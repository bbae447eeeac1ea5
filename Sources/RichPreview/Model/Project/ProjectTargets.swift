import Foundation

/// What the Xcode projects of a tree build: each app with the extensions it embeds (matched by
/// product file name across every project of the tree), the extensions no app embeds, and the
/// target each Info.plist belongs to.
struct ProjectTargets {
    /// A target and the project file it is in.
    struct Built {
        /// The `project.pbxproj` file, as the walk named it.
        var project: String
        var target: XcodeProject.Target

        /// What tells it apart from every other target of the tree.
        var key: String { project + "\u{0}" + target.name }

        /// How findings name it: `Service (in App.xcodeproj)`.
        var described: String {
            let bundle = ((project as NSString).deletingLastPathComponent as NSString).lastPathComponent
            return "target '\(target.name)' (\(bundle))"
        }
    }

    /// An app target with the extension targets it embeds.
    struct App {
        var app: Built
        var extensions: [Built]
    }

    /// The project files read.
    private(set) var projects: [XcodeProject] = []
    /// Every app target, with what it embeds.
    private(set) var apps: [App] = []
    /// Extension targets whose product no target of the tree embeds.
    private(set) var unembedded: [Built] = []
    /// Targets by their Info.plist's absolute path, lowercased (several when flavours share one).
    private var byPlist: [String: [Built]] = [:]

    init(_ projects: [XcodeProject] = []) {
        self.projects = projects
        let all = projects.flatMap { project in project.targets.map { Built(project: project.file, target: $0) } }
        let embedded = Set(all.flatMap(\.target.embeds))
        var extensionsByProduct: [String: [Built]] = [:]
        for built in all {
            if let plist = built.target.infoPlist { byPlist[plist.lowercased(), default: []].append(built) }
            guard built.target.isExtension, let product = built.target.productFile else { continue }
            extensionsByProduct[product, default: []].append(built)
            if !embedded.contains(product) { unembedded.append(built) }
        }
        apps = all.filter(\.target.isApplication).map { app in
            App(app: app, extensions: app.target.embeds.flatMap { extensionsByProduct[$0] ?? [] })
        }
    }

    /// Whether any project was read.
    var isEmpty: Bool { projects.isEmpty }

    /// The targets whose Info.plist is at `path` (absolute; compared ignoring case, as the file
    /// systems Xcode runs on do).
    func targets(ofPlist path: String) -> [Built] { byPlist[path.lowercased()] ?? [] }
}
