import Foundation

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

    /// The file system.
    static let disk = LintFileStore(memory: nil, given: [:])

    /// The contents of `files`, keyed by path.
    init(files: [String: Data]) {
        var memory: [String: Data] = [:]
        var given: [String: String] = [:]
        for (path, data) in files {
            let resolved = Self.resolved(path)
            memory[resolved] = data
            given[resolved] = path
        }
        self.init(memory: memory, given: given)
    }

    private init(memory: [String: Data]?, given: [String: String]) {
        self.memory = memory
        self.given = given
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

    /// The bytes of a file the walk listed, as an array; see `data(path:limit:listed:)`.
    /// - Throws: `FileContents.ReadFailure` as `data(path:limit:listed:)` does.
    func listedBytes(path: String, limit: Int) throws(FileContents.ReadFailure) -> [UInt8] {
        guard memory != nil else { return try ListedFile.bytes(path: path, limit: limit) }
        return [UInt8](try data(path: path, limit: limit))
    }

    /// Whether a file is at `path`.
    func exists(_ path: String) -> Bool {
        guard let memory else { return FileManager.default.fileExists(atPath: path) }
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
