import Foundation

/// What a notification service or content extension's own source files (Swift, Objective-C)
/// import and call, read as text with comments and string literals taken out: enough to tell
/// whether it hands the push to an SDK's helper, attaches an image itself, and which modules it
/// needs.
struct ExtensionCode: Sendable {
    /// A module the code imports, and where.
    struct Import: Sendable, Equatable {
        var module: String
        var file: String
        var line: Int
    }

    /// The files read, as the walk named them.
    var files: [String] = []
    /// Every import, in file order: `import M`, `@import M;`, `#import <M/…>`, `#import "M.h"`.
    var imports: [Import] = []
    /// The code without comments and string literals, every file's.
    var text = ""

    /// The largest source file read.
    static let fileLimit = 512 * 1024

    /// Adds the file `file` with contents `data`.
    mutating func add(_ data: Data, file: String) {
        files.append(file)
        let code = Self.stripped(String(decoding: data.prefix(Self.fileLimit), as: UTF8.self))
        text += code + "\n"
        let raw = String(decoding: data.prefix(Self.fileLimit), as: UTF8.self)
        for (index, line) in raw.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if let module = Self.importedModule(line.trimmingCharacters(in: .whitespaces)) {
                imports.append(Import(module: module, file: file, line: index + 1))
            }
        }
    }

    /// Whether the code mentions `word` (a name, or a dotted name) outside comments and strings.
    func mentions(_ word: String) -> Bool {
        var searched = text[...]
        while let range = searched.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(Self.isNamePart) ?? false) && !(after.map(Self.isNamePart) ?? false) { return true }
            searched = text[range.upperBound...]
        }
        return false
    }

    private static func isNamePart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The module a line imports, if it is an import.
    static func importedModule(_ line: String) -> String? {
        var rest = Substring(line)
        if rest.hasPrefix("@_exported ") { rest = rest.dropFirst(11) }
        if rest.hasPrefix("@preconcurrency ") { rest = rest.dropFirst(16) }
        if rest.hasPrefix("import ") {
            var words = rest.dropFirst(7).split(separator: " ")
            if let first = words.first,
                ["class", "struct", "enum", "protocol", "func", "var", "typealias"].contains(first)
            {
                words.removeFirst()
            }
            return words.first.map { String($0.prefix { $0 != "." && $0 != ";" }) }
        }
        if rest.hasPrefix("@import ") {
            return String(rest.dropFirst(8).prefix { $0 != ";" && $0 != "." && $0 != " " })
        }
        if rest.hasPrefix("#import ") || rest.hasPrefix("#include ") {
            let target = rest.drop { $0 != "<" && $0 != "\"" }.dropFirst()
            let path = target.prefix { $0 != ">" && $0 != "\"" }
            if let slash = path.firstIndex(of: "/") { return String(path[..<slash]) }
            let name = (String(path) as NSString).deletingPathExtension
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// `text` without comments and the contents of string literals.
    static func stripped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var characters = text[...]
        while let character = characters.first {
            if characters.hasPrefix("//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.hasPrefix("/*") {
                if let end = characters.range(of: "*/") {
                    characters = characters[end.upperBound...]
                } else {
                    characters = ""
                }
            } else if character == "\"" {
                characters.removeFirst()
                while let next = characters.first, next != "\"", next != "\n" {
                    characters.removeFirst()
                    if next == "\\", !characters.isEmpty { characters.removeFirst() }
                }
                if !characters.isEmpty, characters.first == "\"" { characters.removeFirst() }
                output += "\"\""
            } else {
                output.append(character)
                characters.removeFirst()
            }
        }
        return output
    }
}
