import Foundation

/// What a JSON reader's error does not say: a typographic quote standing where a straight one is
/// needed, which a reader only stops at later.
enum JSONSyntax {
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
}
