/// Turns the bytes of a terminated, uninterpolated string literal token into its value.
enum StringLiteralDecoder {
    /// A Swift literal: `"…"`, `"""…"""` (indentation of the closing delimiter's line removed from
    /// every line, line continuations joined) or raw `#"…"#` (escapes only with as many `#`).
    static func swift(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var index = range.lowerBound
        var hashes = 0
        while index < range.upperBound, bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "\"") else { return "" }
        let multiline =
            index + 2 < range.upperBound && bytes[index + 1] == UInt8(ascii: "\"")
            && bytes[index + 2] == UInt8(ascii: "\"")
        let delimiter = multiline ? 3 : 1
        let contentStart = index + delimiter
        let contentEnd = range.upperBound - delimiter - hashes
        guard contentStart <= contentEnd else { return "" }
        if !multiline {
            return unescapeSwift(bytes[contentStart..<contentEnd], hashes: hashes)
        }
        return unescapeSwift(stripIndentation(bytes, contentStart..<contentEnd)[...], hashes: hashes)
    }

    /// The lines of a multi-line literal's content without the opening line break, without the
    /// closing delimiter's line, and without that line's indentation, joined by `\n`.
    private static func stripIndentation(_ bytes: [UInt8], _ content: Range<Int>) -> [UInt8] {
        var lines: [Range<Int>] = []
        var lineStart = content.lowerBound
        var index = content.lowerBound
        while index < content.upperBound {
            let c = bytes[index]
            if c == 0x0A || c == 0x0D {
                lines.append(lineStart..<index)
                if c == 0x0D, index + 1 < content.upperBound, bytes[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        lines.append(lineStart..<content.upperBound)
        // The first line is what follows `"""` on the opening line (only whitespace when valid);
        // the last is the closing delimiter's indentation.
        guard lines.count >= 2, let indentation = lines.last else { return Array(bytes[content]) }
        var result: [UInt8] = []
        result.reserveCapacity(content.count)
        bytes.withUnsafeBufferPointer { buffer in
            /// Whether `line` starts with the closing delimiter's indentation.
            func indented(_ line: Range<Int>) -> Bool {
                guard line.count >= indentation.count else { return false }
                var offset = 0
                while offset < indentation.count {
                    guard buffer[line.lowerBound + offset] == buffer[indentation.lowerBound + offset] else {
                        return false
                    }
                    offset += 1
                }
                return true
            }
            for (number, line) in lines.dropFirst().dropLast().enumerated() {
                if number > 0 { result.append(0x0A) }
                if indented(line) {
                    result.append(
                        contentsOf: UnsafeBufferPointer(
                            rebasing: buffer[(line.lowerBound + indentation.count)..<line.upperBound]))
                } else if !buffer[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[line]))
                }
            }
        }
        return result
    }

    private static func unescapeSwift(_ slice: ArraySlice<UInt8>, hashes: Int) -> String {
        // Most literals that reach here have no backslash at all (raw or multi-line ones).
        guard slice.contains(UInt8(ascii: "\\")) else { return String(decoding: slice, as: UTF8.self) }
        let text = Array(slice)
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = 0
        func hashesFollow(_ at: Int) -> Bool {
            guard at + hashes <= text.count else { return false }
            var i = 0
            while i < hashes {
                if text[at + i] != UInt8(ascii: "#") { return false }
                i += 1
            }
            return true
        }
        while index < text.count {
            let c = text[index]
            guard c == UInt8(ascii: "\\"), hashesFollow(index + 1), index + 1 + hashes < text.count else {
                // The run up to the next backslash, copied at once.
                var end = index + 1
                while end < text.count, text[end] != UInt8(ascii: "\\") { end += 1 }
                out.append(contentsOf: text[index..<end])
                index = end
                continue
            }
            let escaped = index + 1 + hashes
            index = escaped + 1
            switch text[escaped] {
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): out.append(text[escaped])
            case UInt8(ascii: "u") where escaped + 1 < text.count && text[escaped + 1] == UInt8(ascii: "{"):
                var cursor = escaped + 2
                var value: UInt32 = 0
                var digits = 0
                while cursor < text.count, digits < 8, let digit = hexValue(text[cursor]) {
                    value = value << 4 | UInt32(digit)
                    digits += 1
                    cursor += 1
                }
                if cursor < text.count, text[cursor] == UInt8(ascii: "}") { cursor += 1 }
                index = cursor
                appendScalar(value, to: &out)
            case 0x20, 0x09, 0x0A, 0x0D:
                // Line continuation in a multi-line literal: whitespace, then the line break.
                var cursor = escaped
                while cursor < text.count, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
                if cursor < text.count, text[cursor] == 0x0A || text[cursor] == 0x0D {
                    index = cursor + 1
                } else {
                    out.append(UInt8(ascii: "\\"))
                    index = escaped
                }
            default:
                out.append(UInt8(ascii: "\\"))
                out.append(text[escaped])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// C and Objective-C literals: every piece of a merged token (`@"a" "b"`, comments and
    /// line splices between them skipped), with C escapes (octal, `\x`, `\u`, `\U`).
    static func objectiveC(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var out: [UInt8] = []
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let c = bytes[index]
            if c == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
                while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
                continue
            }
            guard c == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            index += 1
            while index < end, bytes[index] != UInt8(ascii: "\"") {
                let b = bytes[index]
                guard b == UInt8(ascii: "\\"), index + 1 < end else {
                    out.append(b)
                    index += 1
                    continue
                }
                index = unescapeC(bytes, at: index + 1, end: end, into: &out)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One C escape whose character after the backslash is at `at`; returns the index after it.
    private static func unescapeC(_ bytes: [UInt8], at: Int, end: Int, into out: inout [UInt8]) -> Int {
        let c = bytes[at]
        switch c {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "e"): out.append(0x1B)
        case 0x0A: break
        case 0x0D: return at + 1 < end && bytes[at + 1] == 0x0A ? at + 2 : at + 1
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = 0
            var cursor = at
            while cursor < end, cursor < at + 3, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "7")
            {
                value = value * 8 + Int(bytes[cursor] - UInt8(ascii: "0"))
                cursor += 1
            }
            out.append(UInt8(truncatingIfNeeded: value))
            return cursor
        case UInt8(ascii: "x"):
            var value = 0
            var cursor = at + 1
            while cursor < end, let digit = hexValue(bytes[cursor]) {
                value = (value << 4 | Int(digit)) & 0xFF
                cursor += 1
            }
            out.append(UInt8(truncatingIfNeeded: value))
            return cursor
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = c == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            var cursor = at + 1
            while cursor < end, cursor <= at + count, let digit = hexValue(bytes[cursor]) {
                value = value << 4 | UInt32(digit)
                cursor += 1
            }
            appendScalar(value, to: &out)
            return cursor
        default: out.append(c)
        }
        return at + 1
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(scalar)).utf8)
    }
}
