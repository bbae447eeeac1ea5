import Foundation

/// What `JSONSerialization` does not say about JSON text: where a byte offset is as line and
/// column, and trailing commas, which Foundation accepts but APNs' strict JSON parser rejects.
enum JSONSyntax {
    /// The byte offset of the first comma that only whitespace separates from a closing `}` or `]`,
    /// outside strings, and that closing bracket.
    static func trailingComma(in data: Data) -> (offset: Int, closer: Character)? {
        data.withUnsafeBytes { trailingComma(in: $0) }
    }

    private static func trailingComma(in bytes: UnsafeRawBufferPointer) -> (offset: Int, closer: Character)? {
        var strings = StringState()
        var pendingComma: Int?
        for (offset, byte) in bytes.enumerated() {
            if strings.isInsideString(byte) { continue }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { return (comma, Character(UnicodeScalar(byte))) }
            case UInt8(ascii: ","):
                pendingComma = offset
                continue
            default:
                break
            }
            pendingComma = nil
        }
        return nil
    }

    /// The first typographic quote (“ ” ‘ ’ or the fullwidth ＂) that stands where JSON needs a
    /// straight quote, before byte `limit`: one outside any string, or one inside a string that is
    /// followed by `,` `:` `}` or `]` as if it were meant to close it. Word processors and chat apps
    /// put these in payloads copied from documents.
    static func typographicQuote(in data: Data, before limit: Int?) -> (offset: Int, quote: Character)? {
        let bytes = [UInt8](data)
        var strings = StringState()
        var index = 0
        while index < bytes.count {
            if let quote = Self.typographicQuote(in: bytes, at: index) {
                if let limit, index > limit { return nil }
                if !strings.inString || Self.closesValue(bytes, after: index + 3) { return (index, quote) }
                index += 3
                continue
            }
            _ = strings.isInsideString(bytes[index])
            index += 1
        }
        return nil
    }

    /// Which bytes of JSON text are inside a string literal, read one byte at a time.
    private struct StringState {
        private(set) var inString = false
        private var escaped = false

        /// Reads `byte`: true when it belongs to a string (its content, an escape, its closing
        /// quote); an opening quote is not inside and starts one.
        mutating func isInsideString(_ byte: UInt8) -> Bool {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                return true
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            return false
        }
    }

    private static func typographicQuote(in bytes: [UInt8], at index: Int) -> Character? {
        guard index + 2 < bytes.count else { return nil }
        switch (bytes[index], bytes[index + 1], bytes[index + 2]) {
        case (0xE2, 0x80, 0x9C): return "\u{201C}"
        case (0xE2, 0x80, 0x9D): return "\u{201D}"
        case (0xE2, 0x80, 0x98): return "\u{2018}"
        case (0xE2, 0x80, 0x99): return "\u{2019}"
        case (0xEF, 0xBC, 0x82): return "\u{FF02}"
        default: return nil
        }
    }

    private static func closesValue(_ bytes: [UInt8], after index: Int) -> Bool {
        let next = bytes[min(index, bytes.count)...].first {
            ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0)
        }
        guard let next else { return true }
        return [UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(next)
    }

    /// Whether the parser stopped at a string that directly follows a complete value: the usual
    /// sign of a missing comma between two members.
    static func looksLikeMissingComma(at offset: Int, in data: Data) -> Bool {
        guard offset < data.count, data[data.startIndex + offset] == UInt8(ascii: "\"") else { return false }
        let before = data.prefix(offset).last {
            ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0)
        }
        guard let before else { return false }
        return Array("\"}]0123456789el".utf8).contains(before)
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let bytes = data.prefix(max(0, offset))
        let newline = UInt8(ascii: "\n")
        let line = bytes.reduce(1) { $1 == newline ? $0 + 1 : $0 }
        let lineStart = bytes.lastIndex(of: newline).map { $0 + 1 } ?? bytes.startIndex
        return (line, String(decoding: bytes[lineStart...], as: UTF8.self).count + 1)
    }

    /// The parser's reason without its position, and the byte offset it named, from a
    /// `JSONSerialization` error ("Invalid value around character 178.").
    static func reasonAndOffset(from error: Error) -> (reason: String, offset: Int?) {
        let nsError = error as NSError
        let text = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
        guard let range = text.range(of: " around character ") else {
            return (trimmed(text), nil)
        }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        return (trimmed(String(text[..<range.lowerBound])), Int(digits))
    }

    private static func trimmed(_ text: String) -> String {
        var result = text.trimmingCharacters(in: .whitespaces)
        if result.hasSuffix(".") { result.removeLast() }
        return result.isEmpty ? "unreadable" : result.prefix(1).lowercased() + result.dropFirst()
    }
}
