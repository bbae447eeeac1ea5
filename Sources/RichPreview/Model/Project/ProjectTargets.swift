import Foundation

/// What the Xcode projects of a tree build: each app with the extensions it embeds (a target of
/// its own project when the embedded file is that target's product; otherwise, for a sub-project's
/// or a workspace sibling's product, matched by file name across the other projects of the tree),
/// the extensions no app embeds, and the target each Info.plist belongs to.
struct ProjectTargets {
    /// A target and the project file it is in.
    struct Built {
        /// The `project.pbxproj` file, as the walk named it.
        var project: String
        var target: XcodeProject.Target

        /// What tells it apart from every other target of the tree.
        var key: String { Self.key(project: project, target: target.name) }

        /// The key of the target named `target` in the project file `project`.
        static func key(project: String, target: String) -> String { project + "\u{0}" + target }

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
        var extensionsByProduct: [String: [Built]] = [:]
        var byKey: [String: Built] = [:]
        for built in all {
            if let plist = built.target.infoPlist { byPlist[plist.lowercased(), default: []].append(built) }
            byKey[built.key] = built
            guard built.target.isExtension, let product = built.target.productFile else { continue }
            extensionsByProduct[product, default: []].append(built)
        }
        apps = all.filter(\.target.isApplication).map { app in
            let extensions = app.target.embeds.flatMap { embed -> [Built] in
                if let target = embed.target {
                    // A target of the app's own project: that one, whatever other projects build.
                    let own = byKey[Built.key(project: app.project, target: target)]
                    return own.map { $0.target.isExtension ? [$0] : [] } ?? []
                }
                // Another project's product: matched by name among the other projects' targets.
                return (extensionsByProduct[embed.product] ?? []).filter { $0.project != app.project }
            }
            return App(app: app, extensions: extensions)
        }
        let embedded = Set(apps.flatMap { $0.extensions.map(\.key) })
        // An extension embedded by a target that is not an app (a watch extension's, an App Clip's
        // host) still counts as embedded.
        let embeddedByOthers = Set(
            all.filter { !$0.target.isApplication }.flatMap { host in
                host.target.embeds.map {
                    $0.target.map { Built.key(project: host.project, target: $0) } ?? "\u{1}" + $0.product
                }
            })
        unembedded = all.filter { built in
            guard built.target.isExtension, let product = built.target.productFile else { return false }
            return !embedded.contains(built.key) && !embeddedByOthers.contains(built.key)
                && !embeddedByOthers.contains("\u{1}" + product)
        }
    }

    /// Whether any project was read.
    var isEmpty: Bool { projects.isEmpty }

    /// The targets whose Info.plist is at `path` (absolute; compared ignoring case, as the file
    /// systems Xcode runs on do).
    func targets(ofPlist path: String) -> [Built] { byPlist[path.lowercased()] ?? [] }
}
