import Foundation
import RichPreviewSystem

/// Where a lint reads its files: the file system, or contents a caller holds in memory. Every read
/// of the project model (plists, payloads, sources, project files, entitlements, scripts, build
/// settings, attachments) goes through one store, so that a lint from memory reads no file.
///
/// In memory, a path names the same file however it is spelled (`App/Info.plist`,
/// `./App/Info.plist`): paths are compared as the file system would resolve them from the current
/// folder, without touching it.
struct LintFileStore: Sendable {
    /// The contents by resolved path; nil reads the file system.
    private let memory: [String: Data]?
    /// The path each file was given by, by resolved path.
    private let given: [String: String]
    /// The folders the project's own paths must stay in (`namedData(path:limit:)`).
    let roots: LintRoots

    /// The file system, every path allowed: for paths the user named.
    static let disk = LintFileStore(memory: nil, given: [:], roots: .anywhere)

    /// The file system, the paths the project names confined to `roots`.
    static func disk(confinedTo roots: LintRoots) -> LintFileStore {
        LintFileStore(memory: nil, given: [:], roots: roots)
    }

    /// The contents of `files`, keyed by path.
    init(files: [String: Data]) {
        var memory: [String: Data] = [:]
        var given: [String: String] = [:]
        for (path, data) in files {
            let resolved = Self.resolved(path)
            memory[resolved] = data
            given[resolved] = path
        }
        self.init(memory: memory, given: given, roots: .anywhere)
    }

    private init(memory: [String: Data]?, given: [String: String], roots: LintRoots) {
        self.memory = memory
        self.given = given
        self.roots = roots
    }

    /// Whether the files are in memory.
    var isInMemory: Bool { memory != nil }

    /// The bytes of the file at `path`, at most `limit` bytes. On disk, a path the walk `listed`
    /// as a regular file is read without asking again what it is; any other is checked first (a
    /// FIFO, socket or device is refused by name, never opened).
    /// - Throws: `FileContents.ReadFailure`: `.notFound` for a path not held, `.tooLarge` over `limit`.
    func data(path: String, limit: Int, listed: Bool = false) throws(FileContents.ReadFailure) -> Data {
        guard let memory else {
            return listed
                ? try ListedFile.data(path: path, limit: limit) : try FileContents.read(path: path, limit: limit)
        }
        guard !path.isEmpty else { throw .emptyPath }
        guard let data = memory[Self.resolved(path)] else { throw .notFound }
        if data.count > limit { throw .tooLarge(size: data.count, limit: limit) }
        return data
    }

    /// Why a file the project names was not read.
    enum NamedReadFailure: Error, Equatable {
        /// Its real path, `resolved`, is outside the folders linted: not read.
        case outsideRoots(resolved: String)
        /// It could not be read.
        case unreadable(FileContents.ReadFailure)
    }

    /// The bytes of a file the project names (an include, entitlements, a script), read only
    /// when it leads inside the roots; see `data(path:limit:listed:)`.
    /// - Throws: `.outsideRoots` for a path leading out of the roots, never opened; else why it
    ///   could not be read.
    func namedData(path: String, limit: Int) throws(NamedReadFailure) -> Data {
        if memory == nil, let outside = roots.outsidePath(path) { throw .outsideRoots(resolved: outside) }
        do {
            return try data(path: path, limit: limit)
        } catch {
            throw .unreadable(error)
        }
    }

    /// The bytes of a file the walk listed, as an array; see `data(path:limit:listed:)`.
    /// - Throws: `FileContents.ReadFailure` as `data(path:limit:listed:)` does.
    func listedBytes(path: String, limit: Int) throws(FileContents.ReadFailure) -> [UInt8] {
        guard memory != nil else { return try ListedFile.bytes(path: path, limit: limit) }
        return [UInt8](try data(path: path, limit: limit))
    }

    /// Where `path` leads: on disk its real path (links followed), in memory its path resolved
    /// as `exists(_:)` resolves it.
    func realPath(_ path: String) -> String {
        memory == nil ? (RealPath.of(path) ?? Self.resolved(path)) : Self.resolved(path)
    }

    /// Whether a file is at `path`.
    func exists(_ path: String) -> Bool {
        guard let memory else { return (try? FileStatus.of(path: path)) != nil }
        return memory[Self.resolved(path)] != nil
    }

    /// The files in memory, each by the path it was given and by its path below the deepest
    /// folder holding them all (the top of the tree they make); none on disk.
    var filesBelowTop: [(given: String, relative: String)] {
        guard let memory, var top = memory.keys.first.map({ Array($0.split(separator: "/").dropLast()) }) else {
            return []
        }
        for path in memory.keys {
            top = Array(zip(top, path.split(separator: "/").dropLast()).prefix { $0 == $1 }.map(\.0))
        }
        return memory.keys.map { path in
            (given[path] ?? path, path.split(separator: "/").dropFirst(top.count).joined(separator: "/"))
        }
    }

    /// `path` made absolute from the current folder, with `.` and `..` taken out.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
