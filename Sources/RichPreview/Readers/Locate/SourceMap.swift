import Foundation

/// Where the keys of one file are written: a JSON document by line and column, an XML property
/// list by line (binary and old-style plists have no lines to point at). Every command places a
/// finding that names a key path through one of these, so a finding is placed the same everywhere.
///
/// Holds the bytes only; the keys are found when findings are placed, once per call, since most
/// files get no finding to place.
public struct SourceMap: Sendable, Hashable {
    /// The syntax the bytes are in.
    enum Syntax: Sendable, Hashable {
        case json
        case propertyList
    }

    let bytes: Data
    let syntax: Syntax
    /// Where each key path's key starts, by byte offset, when the reader that read the document
    /// said so (a payload's); nil finds them in `bytes` when asked.
    let keyOffsets: [String: Int]?
    /// Where `bytes` start in the file the user wrote (1-based line and column): not at its start
    /// for a payload quoted inside a curl command.
    var start = JSONKeyLocator.Position(line: 1, column: 1)

    /// The map of a JSON document's bytes.
    public init(json bytes: Data) {
        self.bytes = bytes
        syntax = .json
        keyOffsets = nil
    }

    /// The map of a JSON document whose reader recorded where each key path's key starts.
    init(json bytes: Data, keyOffsets: [String: Int]) {
        self.bytes = bytes
        syntax = .json
        self.keyOffsets = keyOffsets
    }

    /// The map of a property list's bytes (XML, binary or old-style).
    public init(propertyList bytes: Data) {
        self.bytes = bytes
        syntax = .propertyList
        keyOffsets = nil
    }

    /// `findings` with the line (and, in JSON, the column) of their key path filled in, for those
    /// about `file` (any file when nil) that name a key path and have no line yet; the nearest
    /// written ancestor's place when the key itself is not written. The rest are unchanged.
    public func place(_ findings: [Finding], file: String? = nil) -> [Finding] {
        let unplaced = findings.indices.filter {
            findings[$0].line == nil && findings[$0].keyPath != nil && (file == nil || findings[$0].file == file)
        }
        guard !unplaced.isEmpty else { return findings }
        var placed = findings
        switch syntax {
        case .json:
            if let keyOffsets {
                for index in unplaced {
                    guard let offset = placed[index].keyPath.flatMap({ Self.nearest($0, in: keyOffsets) }) else {
                        continue
                    }
                    let position = shifted(JSONKeyLocator.Position(ofByte: offset, in: bytes))
                    placed[index].line = position.line
                    placed[index].column = position.column
                }
                return placed
            }
            let locator = JSONKeyLocator([UInt8](bytes))
            for index in unplaced {
                guard let position = placed[index].keyPath.flatMap({ locator.position(of: $0) }).map(shifted) else {
                    continue
                }
                placed[index].line = position.line
                placed[index].column = position.column
            }
        case .propertyList:
            let locator = PlistKeyLocator([UInt8](bytes))
            for index in unplaced {
                placed[index].line = placed[index].keyPath.flatMap { locator.line(of: $0) }
            }
        }
        return placed
    }

    /// `position` in `bytes` as a position in the file they are quoted in.
    func shifted(_ position: JSONKeyLocator.Position) -> JSONKeyLocator.Position {
        guard start.line != 1 || start.column != 1 else { return position }
        return JSONKeyLocator.Position(
            line: start.line + position.line - 1,
            column: position.line == 1 ? start.column + position.column - 1 : position.column)
    }

    /// The offset of `keyPath`, or of its nearest written ancestor.
    private static func nearest(_ keyPath: String, in offsets: [String: Int]) -> Int? {
        var path = Substring(keyPath)
        while !path.isEmpty {
            if let offset = offsets[String(path)] { return offset }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return nil
    }
}
