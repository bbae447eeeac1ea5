import Foundation
import RichPreviewSystem

/// Reads the build settings of an `.xcconfig` file, for expanding `$(NAME)` in Info.plists:
/// `NAME = value` lines, `//` comments, conditional settings (`NAME[sdk=iphoneos*] = value`, read as
/// `NAME`; the last one wins), and `#include "other.xcconfig"` (also `#include?`, which skips a
/// missing file), relative to the including file; `$(inherited)` is dropped.
///
/// Bounded, because a project's files are untrusted: a file of at most 1 MiB, includes at most
/// `maximumIncludeDepth` deep, a file that includes itself (directly or through others) refused,
/// and one read reading at most `maximumFiles` files and `maximumBytes` bytes in all.
public enum XcconfigReader {
    /// Why a configuration file could not be used.
    public struct ReadError: Error, Equatable, Sendable {
        /// The `.xcconfig` file that could not be read, as its path was given or included.
        public var file: String
        /// What went wrong.
        package var failure: Failure

        /// Why it could not be read (missing, too large, an include cycle, past a limit), for users.
        public var reason: String { failure.reason }
    }

    /// What went wrong reading a configuration file.
    package enum Failure: Equatable, Sendable {
        /// The file could not be read.
        case unreadable(FileContents.ReadFailure)
        /// The file leads outside the folders linted (`resolved`): not read.
        case outsideRoots(resolved: String)
        /// The file includes `included`, which is already being read: a cycle.
        case includeCycle(included: String)
        /// Includes nest deeper than `limit`.
        case tooDeep(limit: Int)
        /// The read would read more than `limit` files.
        case tooManyFiles(limit: Int)
        /// The read would read more than `limit` bytes.
        case tooManyBytes(limit: Int)

        /// The text for users.
        var reason: String {
            switch self {
            case .unreadable(let failure): failure.reason
            case .outsideRoots(let resolved):
                "leads to \(resolved), outside the folders linted; not read (name it with --xcconfig to read it)"
            case .includeCycle(let included):
                "includes \(included), which is already being read (an include cycle)"
            case .tooDeep(let limit): "includes nest more than \(limit) deep"
            case .tooManyFiles(let limit): "includes more than \(limit) files in all"
            case .tooManyBytes(let limit): "includes more than \(limit) bytes in all"
            }
        }
    }

    /// The settings of a file and its includes, and the includes skipped because they lead out
    /// of the folders linted.
    struct Contents {
        /// The settings, by name.
        var settings: [String: String] = [:]
        /// Each include not read for leading out of the folders linted: the file that includes
        /// it, and where it leads.
        var outsideIncludes: [(includer: String, resolved: String)] = []
    }

    /// How deep includes nest.
    static let maximumIncludeDepth = 16
    /// The most files one read reads (a file and all it includes; a real project's are a handful).
    static let maximumFiles = 128
    /// The largest file read.
    static let fileSizeLimit = 1024 * 1024
    /// The most bytes one read reads, in all its files.
    static let maximumBytes = 8 * 1024 * 1024

    /// The settings in `path` and the files it includes, read wherever they are (a file the user
    /// named, as `--xcconfig` does).
    /// - Throws: `ReadError` when the file (or a required include) cannot be read, includes
    ///   itself, or passes a limit.
    public static func read(_ path: String) throws(ReadError) -> [String: String] {
        try read(path, store: .disk).settings
    }

    /// The settings in `path` and the files it includes, read from `store`; an include leading
    /// out of the store's roots is skipped and listed. `path` itself must lead inside them.
    /// - Throws: `ReadError` as `read(_:)`, and `.outsideRoots` for `path` outside the roots.
    static func read(_ path: String, store: LintFileStore) throws(ReadError) -> Contents {
        var reading = Reading(store: store)
        try reading.read(path, stack: [])
        return reading.contents
    }

    /// One read: what it has read so far, and its budget.
    private struct Reading {
        let store: LintFileStore
        var contents = Contents()
        var files = 0
        var bytes = 0

        /// Reads `path`, included by the files on `stack` (as resolved), into `contents`.
        mutating func read(_ path: String, stack: [String]) throws(ReadError) {
            guard stack.count <= XcconfigReader.maximumIncludeDepth else {
                throw ReadError(file: path, failure: .tooDeep(limit: XcconfigReader.maximumIncludeDepth))
            }
            files += 1
            guard files <= XcconfigReader.maximumFiles else {
                throw ReadError(file: path, failure: .tooManyFiles(limit: XcconfigReader.maximumFiles))
            }
            let data: Data
            do {
                data = try store.namedData(path: path, limit: XcconfigReader.fileSizeLimit)
            } catch {
                switch error {
                case .outsideRoots(let resolved):
                    throw ReadError(file: path, failure: .outsideRoots(resolved: resolved))
                case .unreadable(let failure): throw ReadError(file: path, failure: .unreadable(failure))
                }
            }
            bytes += data.count
            guard bytes <= XcconfigReader.maximumBytes else {
                throw ReadError(file: path, failure: .tooManyBytes(limit: XcconfigReader.maximumBytes))
            }
            let identity = store.realPath(path)
            let stack = stack + [identity]
            let folder = (path as NSString).deletingLastPathComponent
            for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                var line = Substring(rawLine)
                if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
                line = line.drop { $0 == " " || $0 == "\t" }
                if line.hasPrefix("#include") {
                    try include(line, from: path, folder: folder, stack: stack)
                    continue
                }
                // The `=` after the name and its conditions (`NAME[sdk=iphoneos*][arch=*] = value`).
                var nameEnd = line.startIndex
                while let open = line[nameEnd...].firstIndex(where: { $0 == "[" || $0 == "=" }), line[open] == "[",
                    let close = line[open...].firstIndex(of: "]")
                {
                    nameEnd = line.index(after: close)
                }
                guard let equals = line[nameEnd...].firstIndex(of: "=") else { continue }
                var name = line[..<equals].trimmingCharacters(in: .whitespaces)
                if let bracket = name.firstIndex(of: "[") { name = String(name[..<bracket]) }
                guard !name.isEmpty else { continue }
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                    .replacingOccurrences(of: "$(inherited)", with: "").trimmingCharacters(in: .whitespaces)
                contents.settings[name] = value
            }
        }

        /// Reads the file an `#include` line names, relative to `folder`.
        private mutating func include(_ line: Substring, from path: String, folder: String, stack: [String])
            throws(ReadError)
        {
            let optional = line.hasPrefix("#include?")
            guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else {
                return
            }
            let name = String(line[line.index(after: first)..<last])
            let included = name.hasPrefix("/") ? name : (folder.isEmpty ? name : folder + "/" + name)
            let resolved = store.realPath(included)
            if stack.contains(where: { $0.utf8.elementsEqual(resolved.utf8) }) {
                throw ReadError(file: path, failure: .includeCycle(included: included))
            }
            do {
                try read(included, stack: stack)
            } catch {
                switch error.failure {
                case .unreadable(.notFound) where optional:
                    return
                case .outsideRoots(let resolved) where error.file == included:
                    contents.outsideIncludes.append((path, resolved))
                default:
                    throw error
                }
            }
        }
    }
}
