import Foundation
import RichPreviewSystem

/// Makes untrusted text safe to print on a terminal: payload titles and bodies, identifiers, key
/// paths and file names are written by other people and must never move the cursor, change colours
/// or start a new line of output.
public enum TerminalText {
    /// `text` with every control character written as a visible escape: `\n`, `\r`, `\t`, and
    /// `\u{1B}`-style escapes for the other C0 and C1 controls, DEL, the line and paragraph
    /// separators and the bidirectional overrides and isolates (which can reorder what a reader sees),
    /// and `\xFF` for a byte of a file name that is not UTF-8. Everything else, including non-ASCII
    /// text and emoji, is kept as it is.
    public static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        escaped(text, keepingLineBreaks: false)
    }

    /// `text` escaped as `escaped(_:)` does, except that line feeds (and CR LF pairs) are kept:
    /// for laying out a card, where iOS breaks the line there too.
    public static func escaped<Text: StringProtocol>(_ text: Text, keepingLineBreaks: Bool) -> String {
        let normalized = keepingLineBreaks ? String(text).replacingOccurrences(of: "\r\n", with: "\n") : String(text)
        guard normalized.unicodeScalars.contains(where: { needsEscape($0) && !(keepingLineBreaks && $0 == "\n") })
        else { return normalized }
        var result = ""
        result.reserveCapacity(normalized.utf8.count + 8)
        for scalar in normalized.unicodeScalars {
            guard needsEscape(scalar), !(keepingLineBreaks && scalar == "\n") else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if let byte = FileName.byte(standingFor: scalar) {
                    result += "\\x" + String(byte, radix: 16, uppercase: true)
                } else {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
        }
        return result
    }

    /// `text` cut to at most `limit` characters (grapheme clusters), ending in "…" when it was cut.
    public static func shortened(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        var count = 0
        var end = text.startIndex
        while end < text.endIndex {
            if count == limit { return String(text[..<text.index(before: end)]) + "…" }
            text.formIndex(after: &end)
            count += 1
        }
        return text
    }

    /// Whether a scalar must not reach a terminal as it is: the C0 and C1 controls, DEL, the line
    /// and paragraph separators, the bidirectional overrides and isolates, and the scalars that
    /// stand for a file name's bytes that are not UTF-8 (U+10FF80…U+10FFFF, printed `\xFF`).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x10FF80...0x10FFFF: true
        default: false
        }
    }
}
