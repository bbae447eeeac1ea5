import Foundation

/// Reads the build settings of an `.xcconfig` file, for expanding `$(NAME)` in Info.plists:
/// `NAME = value` lines, `//` comments, conditional settings (`NAME[sdk=iphoneos*] = value`, read as
/// `NAME`; the last one wins), and `#include "other.xcconfig"` (also `#include?`), relative to the
/// including file, at most 16 deep; `$(inherited)` is dropped.
public enum XcconfigReader {
    /// Why a configuration file could not be used.
    public struct ReadError: Error, Equatable, Sendable {
        /// The `.xcconfig` file that could not be read, as its path was given or included.
        public var file: String
        /// Why it could not be read (missing, too large, includes nested too deep), for users.
        public var reason: String
    }

    static let maximumIncludeDepth = 16

    /// The settings in `path` and the files it includes.
    /// - Throws: `ReadError` when the file (or a required include) cannot be read.
    public static func read(_ path: String) throws(ReadError) -> [String: String] {
        try read(path, store: .disk)
    }

    /// The settings in `path` and the files it includes, read from `store`.
    /// - Throws: `ReadError` when the file (or a required include) cannot be read.
    static func read(_ path: String, store: LintFileStore) throws(ReadError) -> [String: String] {
        var settings: [String: String] = [:]
        try read(path, store: store, into: &settings, depth: 0)
        return settings
    }

    private static func read(
        _ path: String, store: LintFileStore, into settings: inout [String: String], depth: Int
    ) throws(ReadError) {
        guard depth <= maximumIncludeDepth else {
            throw ReadError(file: path, reason: "includes nest more than \(maximumIncludeDepth) deep (a cycle?)")
        }
        let data: Data
        do {
            data = try store.data(path: path, limit: 1024 * 1024)
        } catch {
            throw ReadError(file: path, reason: error.reason)
        }
        let folder = (path as NSString).deletingLastPathComponent
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else {
                    continue
                }
                let name = String(line[line.index(after: first)..<last])
                let included = name.hasPrefix("/") ? name : (folder.isEmpty ? name : folder + "/" + name)
                do {
                    try read(included, store: store, into: &settings, depth: depth + 1)
                } catch  where optional {
                    continue
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var name = line[..<equals].trimmingCharacters(in: .whitespaces)
            if let bracket = name.firstIndex(of: "[") { name = String(name[..<bracket]) }
            guard !name.isEmpty else { continue }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "$(inherited)", with: "").trimmingCharacters(in: .whitespaces)
            settings[name] = value
        }
    }
}
