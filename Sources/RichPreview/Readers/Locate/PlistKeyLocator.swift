/// Finds the line of each key in an XML property list (`<key>NAME</key>`), by key path
/// (`NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory`, arrays as `[N]`), so that
/// plist findings point at the line an editor should show. Binary and old-style plists have no
/// lines to point at; for them, and for anything it cannot follow, it finds nothing.
///
/// The plist is read for lines when a line is first asked for: most plists of a project get no
/// finding. A class, so that a project's locators keep what they read; used from one thread.
final class PlistKeyLocator {
    private let bytes: [UInt8]
    private lazy var lines: [String: Int] = Self.scan(bytes).lines

    static let maximumDepth = 128

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Keys written again in the same dictionary of an XML plist, by key path, with the line of
    /// the repeat (the plist reader keeps the last one silently); none for other forms.
    static func duplicates(in bytes: [UInt8]) -> [(keyPath: String, line: Int)] {
        scan(bytes).duplicates
    }

    /// The line of each key path written, first occurrence, and the keys written twice in one
    /// dictionary; nothing for anything but XML.
    private static func scan(_ bytes: [UInt8]) -> (lines: [String: Int], duplicates: [(keyPath: String, line: Int)]) {
        guard
            bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("<plist".utf8))
                || bytes.starts(with: [0xEF, 0xBB, 0xBF])
        else { return ([:], []) }
        return scan(String(decoding: bytes, as: UTF8.self))
    }

    /// The line of `keyPath`, or of its nearest written ancestor.
    func line(of keyPath: String) -> Int? {
        var path = Substring(keyPath)
        while !path.isEmpty {
            if let line = lines[String(path)] { return line }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<cut]
        }
        return nil
    }

    private enum Container {
        case dictionary(path: String, key: String?)
        case array(path: String, count: Int)
    }

    private static func scan(_ text: String) -> (lines: [String: Int], duplicates: [(keyPath: String, line: Int)]) {
        var lines: [String: Int] = [:]
        var duplicates: [(keyPath: String, line: Int)] = []
        var stack: [Container] = []
        // The keys of each open dictionary, by its depth in `stack`.
        var keys: [Int: Set<String>] = [:]
        var line = 1
        var rest = Substring(text)

        func valuePath() -> String? {
            switch stack.last {
            case .dictionary(let path, let key?)?: return path.isEmpty ? key : path + "." + key
            case .array(let path, let count)?: return "\(path)[\(count)]"
            case .dictionary(_, nil)?: return nil
            case nil: return ""
            }
        }
        /// A value ends: the dictionary's key is used up, the array's count grows.
        func endValue() {
            switch stack.last {
            case .dictionary(let path, _)?: stack[stack.count - 1] = .dictionary(path: path, key: nil)
            case .array(let path, let count)?: stack[stack.count - 1] = .array(path: path, count: count + 1)
            case nil: break
            }
        }

        while let open = rest.firstIndex(of: "<") {
            line += rest[..<open].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            guard let close = rest[open...].firstIndex(of: ">") else { return (lines, duplicates) }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            line += tag.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            switch tag {
            case "dict":
                guard stack.count < Self.maximumDepth, let path = valuePath() else { return (lines, duplicates) }
                stack.append(.dictionary(path: path, key: nil))
                keys[stack.count] = []
            case "array":
                guard stack.count < Self.maximumDepth, let path = valuePath() else { return (lines, duplicates) }
                stack.append(.array(path: path, count: 0))
            case "/dict", "/array":
                guard !stack.isEmpty else { return (lines, duplicates) }
                stack.removeLast()
                endValue()
            case "dict/", "array/", "true/", "false/":
                endValue()
            case "key":
                guard let end = rest.range(of: "</key>"), case .dictionary(let path, _)? = stack.last else {
                    return (lines, duplicates)
                }
                let key = String(rest[..<end.lowerBound])
                let keyPath = path.isEmpty ? key : path + "." + key
                if lines[keyPath] == nil { lines[keyPath] = line }
                if keys[stack.count]?.insert(key).inserted == false { duplicates.append((keyPath, line)) }
                stack[stack.count - 1] = .dictionary(path: path, key: key)
                line += rest[..<end.upperBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                rest = rest[end.upperBound...]
            case "string", "integer", "real", "date", "data":
                guard let end = rest.range(of: "</\(tag)>") else { return (lines, duplicates) }
                line += rest[..<end.upperBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                rest = rest[end.upperBound...]
                endValue()
            default:
                continue
            }
        }
        return (lines, duplicates)
    }
}
