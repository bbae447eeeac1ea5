import Foundation

/// Walks a project tree and lists the files `lint` may need: property lists, JSON and `.apns`
/// payloads, Swift and Objective-C sources. Folders that never hold them (`.git`, build output,
/// `Pods`, `Carthage`, `DerivedData`, `node_modules`) are not entered; `excludes` drops more.
///
/// Bounded: symbolic links to folders are followed once (a loop is reported, not walked), at most
/// `maximumDepth` folders deep and `maximumFiles` files; the walk reads directory entries only.
struct ProjectWalker {
    /// Where `d_name` and `d_type` sit inside a `dirent` record.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!

    /// Folder names never entered.
    static let skippedFolders: Set<String> = [
        ".git", ".hg", ".svn", ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules",
        ".swiftpm", "xcuserdata",
    ]
    static let maximumDepth = 64
    static let maximumFiles = 200_000

    var excludes: [GlobPattern] = []

    /// A file found, with its path as reported (relative to the current folder, as the root was given).
    struct Entry {
        var path: String
    }

    /// The files under `root` (a folder, or a single file), in path order, and what could not be
    /// walked (unreadable folders, loops, limits).
    func walk(_ root: String) -> (files: [Entry], problems: [PathProblem]) {
        var files: [Entry] = []
        var problems: [PathProblem] = []
        var visited: Set<FileIdentity> = []
        var info = stat()
        guard stat(root, &info) == 0 else {
            return ([], [PathProblem(path: root, cause: .missing)])
        }
        if let kind = FileContents.specialFileKind(info.st_mode) {
            return ([], [PathProblem(path: root, cause: .notRegular(kind: kind, given: true))])
        }
        if info.st_mode & S_IFMT != S_IFDIR { return ([Entry(path: root)], []) }
        visited.insert(FileIdentity(info))
        var pending: [(path: String, relative: String, depth: Int)] = [(root, "", 0)]
        while let (folder, relative, depth) = pending.popLast() {
            guard let directory = opendir(folder) else {
                problems.append(
                    PathProblem(path: folder, cause: .folderUnreadable(String(cString: strerror(errno)).lowercased())))
                continue
            }
            var children: [(name: String, type: UInt8)] = []
            while let entry = readdir(directory) {
                // A record is only as long as its name: read the fields through pointers, never by
                // copying the whole `dirent`, whose 256-byte name array may run past the record.
                let record = UnsafeRawPointer(entry)
                let name = String(
                    cString: record.advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
                guard name != ".", name != ".." else { continue }
                children.append((name, record.load(fromByteOffset: Self.typeOffset, as: UInt8.self)))
            }
            closedir(directory)
            for (name, type) in children.sorted(by: { $0.name > $1.name }) {
                let kind = LintFileKind(path: name)
                var fileType = mode_t(0)
                if type == DT_REG {
                    // A regular file, as the folder says: its name alone tells whether it matters.
                    guard kind != nil else { continue }
                    fileType = S_IFREG
                }
                let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                // The path below the root, for the excludes and for a folder to walk: made only then.
                func relativePath() -> String { relative.isEmpty ? name : relative + "/" + name }
                let childRelative = excludes.isEmpty ? nil : relativePath()
                if let childRelative, excludes.contains(where: { $0.matches(childRelative) }) { continue }
                var childInfo = stat()
                if fileType == 0 {
                    guard stat(path, &childInfo) == 0 else {
                        var linkInfo = stat()
                        if lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK {
                            problems.append(PathProblem(path: path, cause: .danglingLink))
                        }
                        continue
                    }
                    fileType = childInfo.st_mode & S_IFMT
                }
                switch fileType {
                case S_IFDIR:
                    guard !Self.skippedFolders.contains(name) else { continue }
                    guard visited.insert(FileIdentity(childInfo)).inserted else {
                        problems.append(PathProblem(path: path, cause: .folderLoop))
                        continue
                    }
                    guard depth + 1 <= Self.maximumDepth else {
                        problems.append(PathProblem(path: path, cause: .tooDeep(limit: Self.maximumDepth)))
                        continue
                    }
                    pending.append((path, childRelative ?? relativePath(), depth + 1))
                case S_IFREG:
                    guard kind != nil else { continue }
                    guard files.count < Self.maximumFiles else {
                        problems.append(PathProblem(path: root, cause: .tooManyFiles(limit: Self.maximumFiles)))
                        return (files.sorted { $0.path < $1.path }, problems)
                    }
                    files.append(Entry(path: path))
                default:
                    // A FIFO, socket or device named like a file lint reads: never opened (a FIFO
                    // would wait for a writer), and said, so that its absence is not a surprise.
                    guard kind != nil, let special = FileContents.specialFileKind(fileType) else { continue }
                    problems.append(PathProblem(path: path, cause: .notRegular(kind: special, given: false)))
                }
            }
        }
        return (files.sorted { $0.path < $1.path }, problems)
    }

    /// A file or folder's device and inode: the same folder reached twice is one identity.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
