import Foundation

/// A lexed file: its bytes, tokens and lexical notes, with the text, location and string value of
/// any token on demand (only what the scanner reports is ever turned into strings).
package struct LexedSource: Sendable {
    /// The file name locations use.
    package let path: String
    /// Which lexer read the file.
    package let language: SourceLanguage
    /// The file's UTF-8 text.
    package let bytes: [UInt8]
    /// Every token, in order.
    package let tokens: [SourceToken]
    /// The indices, in order, of the tokens the structure pass and the file analyzer react to:
    /// brackets and `;`, identifiers that spell a scanner word, every Objective-C `@` keyword and
    /// `#define`, string literals, and an Objective-C `-` or `+` alone. The other tokens are only
    /// read around these.
    package let marks: [Int32]
    /// Byte offset where each line starts (line 1 first; after a BOM on line 1).
    private let lineStarts: [Int32]
    private let problems: [(offset: Int, message: String)]
    /// The conditional-compilation directives (`#if`, `#else`, …), in order.
    package let conditionals: [ConditionalDirective]

    /// A lexed file from its parts; `lineStarts` as the lexer noted them, or nil to find them here.
    init(
        path: String, language: SourceLanguage, bytes: [UInt8], tokens: [SourceToken], marks: [Int32],
        lineStarts: [Int32]? = nil, problems: [(offset: Int, message: String)],
        conditionals: [ConditionalDirective] = []
    ) {
        self.path = path
        self.language = language
        self.bytes = bytes
        self.tokens = tokens
        self.marks = marks
        self.problems = problems
        self.conditionals = conditionals
        self.lineStarts = lineStarts ?? Self.lineStarts(bytes)
    }

    /// Where each line starts: after `\n`, `\r\n` or `\r` (found with `memchr` when the text has no `\r`).
    static func lineStarts(_ bytes: [UInt8]) -> [Int32] {
        var starts: [Int32] = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        starts.reserveCapacity(bytes.count / 32)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            if memchr(base, 0x0D, buffer.count) == nil {
                var offset = 0
                while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                    offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                    starts.append(Int32(truncatingIfNeeded: offset))
                }
                return
            }
            var index = 0
            while index < buffer.count {
                let c = buffer[index]
                if c == 0x0A {
                    starts.append(Int32(truncatingIfNeeded: index + 1))
                } else if c == 0x0D {
                    if index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(Int32(truncatingIfNeeded: index + 1))
                }
                index += 1
            }
        }
        return starts
    }

    /// How many lines the file has (a line break at the end starts an empty last one).
    package var lineCount: Int { lineStarts.count }

    /// Unterminated literals and comments, too-deep interpolations.
    package var notes: [ScanNote] {
        problems.map {
            ScanNote(kind: .lexical, file: path, location: location(ofOffset: $0.offset), message: $0.message)
        }
    }

    /// The token's source text (for an identifier in backticks, without them).
    package func text(_ index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        return text(from: Int(tokens[index].start), to: Int(tokens[index].end))
    }

    /// The source text between two byte offsets.
    package func text(from start: Int, to end: Int) -> String {
        let start = max(0, min(start, bytes.count)), end = max(start, min(end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether token `index` is exactly `word` (any kind but a string).
    package func isWord(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        let start = Int(token.start), length = Int(token.end) - start
        guard length == word.utf8CodeUnitCount, token.kind != .string else { return false }
        return word.withUTF8Buffer { buffer in
            var i = 0
            while i < length {
                if bytes[start + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// The scanner word token `index` spells (an identifier or an Objective-C `@` keyword), if any:
    /// read from the token, as the lexer marked it.
    func word(_ index: Int) -> ScannerWord? {
        guard index >= 0, index < tokens.count, tokens[index].word != 0 else { return nil }
        return ScannerWord(rawValue: tokens[index].word)
    }

    /// Whether token `index` is the punctuation or operator byte `c` alone.
    package func isPunctuation(_ index: Int, _ c: UInt8) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        return (token.kind == .punctuation || token.kind == .operatorRun) && token.end - token.start == 1
            && bytes[Int(token.start)] == c
    }

    /// Whether token `index` is an identifier.
    package func isIdentifier(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier
    }

    /// Where a column was last counted: locations asked for in order along one line then cost time
    /// in proportion to the line, not to its square (a minified 2 MiB line with thousands of facts).
    package struct ColumnCursor: Sendable {
        var line = -1
        var offset = 0
        var column = 1

        /// A cursor at no line yet.
        package init() {}
    }

    /// The location of token `index`'s first character.
    package func location(_ index: Int) -> CodeLocation {
        var cursor = ColumnCursor()
        return location(index, cursor: &cursor)
    }

    /// The location of token `index`'s first character, counting on from `cursor`.
    package func location(_ index: Int, cursor: inout ColumnCursor) -> CodeLocation {
        guard index >= 0, index < tokens.count else { return location(ofOffset: bytes.count, cursor: &cursor) }
        return location(ofOffset: Int(tokens[index].start), cursor: &cursor)
    }

    /// The 1-based line and character column of a byte offset.
    package func location(ofOffset offset: Int) -> CodeLocation {
        var cursor = ColumnCursor()
        return location(ofOffset: offset, cursor: &cursor)
    }

    /// The 1-based line and character column of a byte offset, counting on from `cursor` when it is
    /// on the same line and not past the offset.
    package func location(ofOffset offset: Int, cursor: inout ColumnCursor) -> CodeLocation {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        // Facts come in order, mostly a line or a few apart: try the lines after the cursor's first.
        if cursor.line >= 0, cursor.line < lineStarts.count, Int(lineStarts[cursor.line]) <= offset {
            low = cursor.line
            var steps = 0
            while steps < 4, low < high, Int(lineStarts[low + 1]) <= offset {
                low += 1
                steps += 1
            }
            if steps < 4 { high = low }
        }
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        var from = min(Int(lineStarts[low]), offset)
        var column = 1
        if cursor.line == low, cursor.offset <= offset, cursor.offset >= from {
            from = cursor.offset
            column = cursor.column
        }
        var ascii = true
        var index = from
        while index < offset {
            if bytes[index] >= 0x80 {
                ascii = false
                break
            }
            index += 1
        }
        column += ascii ? offset - from : String(decoding: bytes[from..<offset], as: UTF8.self).count
        cursor = ColumnCursor()
        cursor.line = low
        cursor.offset = offset
        cursor.column = column
        return CodeLocation(file: path, line: low + 1, column: column)
    }

    /// The value of string token `index`; nil when it is not a string.
    package func stringValue(_ index: Int) -> StringLiteralValue? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .string else { return nil }
        let token = tokens[index]
        if token.flags.contains(.unterminated) { return .unterminated }
        if token.flags.contains(.interpolated) { return .interpolated }
        let range = Int(token.start)..<Int(token.end)
        // The common case: `"text"` (or `@"text"`) with no escape, read as it is.
        var contentStart = range.lowerBound + 1
        if language == .objectiveC, bytes[range.lowerBound] == UInt8(ascii: "@") { contentStart += 1 }
        if range.count >= 2, contentStart <= range.upperBound - 1, bytes[contentStart - 1] == UInt8(ascii: "\""),
            bytes[range.upperBound - 1] == UInt8(ascii: "\""),
            !bytes[contentStart..<(range.upperBound - 1)].contains(where: {
                $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"")
            })
        {
            return .value(String(decoding: bytes[contentStart..<(range.upperBound - 1)], as: UTF8.self))
        }
        switch language {
        case .swift: return .value(StringLiteralDecoder.swift(bytes, range))
        case .objectiveC: return .value(StringLiteralDecoder.objectiveC(bytes, range))
        }
    }
}
