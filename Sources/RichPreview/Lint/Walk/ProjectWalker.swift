import Foundation

/// Walks a project tree and lists the files `lint` may need: property lists, JSON and `.apns`
/// payloads, Swift and Objective-C sources. Folders that never hold them (`.git`, build output,
/// `Pods`, `Carthage`, `DerivedData`, `node_modules`, `.dart_tool`, Flutter's `ios/.symlinks`,
/// `.expo`, workspaces) are not entered, and of an
/// `.xcodeproj` only its `project.pbxproj` is listed (its schemes and workspace settings are
/// Xcode's own); `excludes` drops more.
///
/// Bounded: a symbolic link is followed only when it leads inside `roots` (one that leads out is
/// reported, not followed), a link to a folder once (a loop is reported, not walked), and no
/// further than `limits`. The walk reads directory entries only.
struct ProjectWalker {
    /// Folder names never entered.
    static let skippedFolders: Set<String> = [
        ".git", ".hg", ".svn", ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules",
        ".swiftpm", "xcuserdata", ".dart_tool", ".symlinks", ".expo",
    ]
    /// How far a walk goes before it stops and says so: folders deep (a deeper one is not
    /// entered), files that matter, folders entered, names listed in all, and time.
    struct Limits {
        var depth = 64
        var files = 200_000
        var folders = 100_000
        var entries = 2_000_000
        var duration = Duration.seconds(60)
    }

    var limits = Limits()

    var excludes: [GlobPattern] = []
    /// The folders links may lead into.
    var roots: LintRoots = .anywhere

    /// Whether `folder` is an Xcode project bundle (`App.xcodeproj`).
    private func isXcodeBundle(_ folder: String) -> Bool {
        var name = Substring(folder)
        while name.hasSuffix("/") { name = name.dropLast() }
        return name.hasSuffix(".xcodeproj")
    }

    /// A file found, with its path as reported (relative to the current folder, as the root was given).
    struct Entry {
        var path: String
    }

    /// The files under `root` (a folder, or a single file), in path order, and what could not be
    /// walked (unreadable folders, loops, limits).
    func walk(_ root: String) -> (files: [Entry], problems: [PathProblem]) {
        var files: [Entry] = []
        var problems: [PathProblem] = []
        var visited: Set<FileStatus.Identity> = []
        guard let rootStatus = try? FileStatus.of(path: root) else {
            return ([], [PathProblem(path: root, cause: .missing)])
        }
        if let kind = rootStatus.specialKindName {
            return ([], [PathProblem(path: root, cause: .notRegular(kind: kind, given: true))])
        }
        if rootStatus.kind != .directory { return ([Entry(path: root)], []) }
        visited.insert(rootStatus.identity)
        // Each folder with the folders it is in, to tell a loop of links from a second way in.
        var pending: [(path: String, relative: String, depth: Int, ancestors: [(FileStatus.Identity, String)])] = [
            (root, "", 0, [(rootStatus.identity, root)])
        ]
        var folders = 0
        var entries = 0
        let deadline = ContinuousClock.now + limits.duration
        func stop(_ cause: PathProblem.Cause) -> (files: [Entry], problems: [PathProblem]) {
            (files.sorted { $0.path < $1.path }, problems + [PathProblem(path: root, cause: cause)])
        }
        while let (folder, relative, depth, ancestors) = pending.popLast() {
            folders += 1
            guard folders <= limits.folders else { return stop(.tooManyFolders(limit: limits.folders)) }
            guard ContinuousClock.now < deadline else {
                return stop(.tooLong(seconds: Int(limits.duration.components.seconds)))
            }
            let children: [DirectoryListing.Entry]
            do {
                children = try DirectoryListing.entries(of: folder, limit: limits.entries - entries + 1)
                entries += children.count
                guard entries <= limits.entries else { return stop(.tooManyEntries(limit: limits.entries)) }
            } catch {
                problems.append(PathProblem(path: folder, cause: .folderUnreadable(error.description)))
                continue
            }
            let inXcodeBundle = isXcodeBundle(folder)
            for child in children.sorted(by: { $0.name > $1.name }) {
                let name = child.name
                let kind = LintFileKind(path: name)
                // Inside an .xcodeproj only the project file counts.
                if inXcodeBundle, kind != .xcodeProject { continue }
                // A regular file, as the folder says: its name alone tells whether it matters.
                if child.kind == .regular, kind == nil { continue }
                let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                // The path below the root, for the excludes and for a folder to walk: made only then.
                func relativePath() -> String { relative.isEmpty ? name : relative + "/" + name }
                let childRelative = excludes.isEmpty ? nil : relativePath()
                if let childRelative, excludes.contains(where: { $0.matches(childRelative) }) { continue }
                var status: FileStatus?
                var fileKind = child.kind == .regular ? FileStatus.Kind.regular : nil
                if fileKind == nil, roots.confines,
                    child.kind == .symbolicLink
                        || (child.kind == nil
                            && (try? FileStatus.of(path: path, followingLinks: false))?.kind == .symbolicLink),
                    let outside = roots.outsidePath(path)
                {
                    problems.append(PathProblem(path: path, cause: .linkOutside(target: outside)))
                    continue
                }
                if fileKind == nil {
                    guard let followed = try? FileStatus.of(path: path) else {
                        if (try? FileStatus.of(path: path, followingLinks: false))?.kind == .symbolicLink {
                            problems.append(PathProblem(path: path, cause: .danglingLink))
                        }
                        continue
                    }
                    status = followed
                    fileKind = followed.kind
                }
                switch fileKind {
                case .directory?:
                    guard !Self.skippedFolders.contains(name), !name.hasSuffix(".xcworkspace"), let status else {
                        continue
                    }
                    // A link back to a folder it is in is a loop; one to a folder reached another
                    // way (a sibling, the same folder linked twice) is linted there, once.
                    if let (_, target) = ancestors.first(where: { $0.0 == status.identity }) {
                        problems.append(PathProblem(path: path, cause: .folderLoop(target: target)))
                        continue
                    }
                    guard visited.insert(status.identity).inserted else { continue }
                    guard depth + 1 <= limits.depth else {
                        problems.append(PathProblem(path: path, cause: .tooDeep(limit: limits.depth)))
                        continue
                    }
                    pending.append(
                        (path, childRelative ?? relativePath(), depth + 1, ancestors + [(status.identity, path)]))
                case .regular?:
                    guard kind != nil else { continue }
                    guard files.count < limits.files else { return stop(.tooManyFiles(limit: limits.files)) }
                    files.append(Entry(path: path))
                default:
                    // A FIFO, socket or device named like a file lint reads: never opened (a FIFO
                    // would wait for a writer), and said, so that its absence is not a surprise.
                    guard kind != nil, let special = fileKind?.specialName else { continue }
                    problems.append(PathProblem(path: path, cause: .notRegular(kind: special, given: false)))
                }
            }
        }
        return (files.sorted { $0.path < $1.path }, problems)
    }

    /// The files held in memory the walk of the folder holding them all would list (by the same
    /// names, folders skipped and excludes), each by the path it was given, in path order.
    /// `relative` is its path below that folder.
    func list(_ files: [(given: String, relative: String)]) -> [Entry] {
        var entries: [Entry] = []
        for (given, relative) in files {
            guard let kind = LintFileKind(path: given) else { continue }
            let components = relative.split(separator: "/").map(String.init)
            let folders = components.dropLast()
            if folders.contains(where: { Self.skippedFolders.contains($0) || $0.hasSuffix(".xcworkspace") }) {
                continue
            }
            if let parent = folders.last, isXcodeBundle(parent), kind != .xcodeProject { continue }
            let excluded = components.indices.contains { end in
                let prefix = components[...end].joined(separator: "/")
                return excludes.contains { $0.matches(prefix) }
            }
            if !excluded { entries.append(Entry(path: given)) }
        }
        return entries.sorted { $0.path < $1.path }
    }
}
