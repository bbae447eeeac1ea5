import Foundation

/// Finds where each key of a JSON document is written (1-based line and column), for documents
/// whose reader does not record it (a manifest's; a payload's reader records its own).
///
/// A single pass over the bytes that understands strings and escapes; it stops at the first
/// byte it cannot read (the parser reports those) and at `maximumDepth`. Every key's place is
/// found when a place is first asked for. A class, so that it keeps what it read; used from one
/// thread.
final class JSONKeyLocator {
    /// A key's place.
    struct Position: Hashable, Sendable {
        var line: Int
        var column: Int

        /// The 1-based line and column (counted in characters, as Unicode scalars) of byte
        /// `offset` of UTF-8 `bytes`.
        init(ofByte offset: Int, in bytes: Data) {
            let end = min(max(0, offset), bytes.count)
            var line = 1
            var column = 1
            bytes.withUnsafeBytes { buffer in
                for byte in buffer.prefix(end) {
                    if byte == UInt8(ascii: "\n") {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                }
            }
            self.line = line
            self.column = column
        }

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    private let bytes: [UInt8]
    /// Where each key path (`aps.alert.title`, `items[2].id`) is first written.
    private lazy var positions: [String: Position] = Self.scan(bytes)

    static let maximumDepth = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The position of `keyPath`, or of its nearest written ancestor.
    func position(of keyPath: String) -> Position? {
        var path = Substring(keyPath)
        while !path.isEmpty {
            if let position = positions[String(path)] { return position }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return nil
    }

    private enum Container {
        case object(path: String, keys: Set<String>, pendingKey: String?)
        case array(path: String, index: Int)
    }

    /// Where each key path is first written.
    private static func scan(_ bytes: [UInt8]) -> [String: Position] {
        var positions: [String: Position] = [:]
        var stack: [Container] = []
        var line = 1
        var column = 1
        var index = 0
        var expectingKey = false

        func childPath(_ parent: String, _ key: String) -> String { parent.isEmpty ? key : parent + "." + key }

        /// The path of a value about to start in the current container.
        func valuePath() -> String {
            switch stack.last {
            case .object(let path, _, let key?)?: return childPath(path, key)
            case .array(let path, let index)?: return "\(path)[\(index)]"
            default: return ""
            }
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                column = 1
                index += 1
                continue
            case UInt8(ascii: "{"):
                guard stack.count < Self.maximumDepth else { return positions }
                stack.append(.object(path: valuePath(), keys: [], pendingKey: nil))
                expectingKey = true
            case UInt8(ascii: "["):
                guard stack.count < Self.maximumDepth else { return positions }
                stack.append(.array(path: valuePath(), index: 0))
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return positions }
                stack.removeLast()
                expectingKey = false
            case UInt8(ascii: ","):
                switch stack.last {
                case .object(let path, let keys, _)?:
                    stack[stack.count - 1] = .object(path: path, keys: keys, pendingKey: nil)
                    expectingKey = true
                case .array(let path, let count)?:
                    stack[stack.count - 1] = .array(path: path, index: count + 1)
                default:
                    return positions
                }
            case UInt8(ascii: "\""):
                let start = Position(line: line, column: column)
                index += 1
                column += 1
                let textStart = index
                var closed = false
                while index < bytes.count {
                    let character = bytes[index]
                    if character == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        index += 2
                        column += 2
                        continue
                    }
                    if character == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    if character == UInt8(ascii: "\n") { return positions }
                    if character & 0xC0 != 0x80 { column += 1 }
                    index += 1
                }
                guard closed else { return positions }
                // Taken off the stack while its key set grows, so the set is not copied per key.
                if expectingKey, case .object? = stack.last, case .object(let path, var keys, _) = stack.removeLast() {
                    let key = Self.unescape(bytes[textStart..<index])
                    if keys.insert(key).inserted {
                        let keyPath = childPath(path, key)
                        if positions[keyPath] == nil { positions[keyPath] = start }
                    }
                    stack.append(.object(path: path, keys: keys, pendingKey: key))
                    expectingKey = false
                }
            default:
                break
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return positions
    }

    /// A JSON string's text with the common escapes undone (enough to name keys).
    private static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        // No backslash byte, no backslash character: most keys need no search through Foundation.
        guard bytes.contains(UInt8(ascii: "\\")), text.contains("\\") else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u":
                let hex = String((0..<4).compactMap { _ in iterator.next() })
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                }
            default: result.append(next)
            }
        }
        return result
    }
}
