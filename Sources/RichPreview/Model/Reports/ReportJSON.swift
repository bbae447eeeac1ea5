import Foundation

/// The JSON every `--json` report is written as, for a library user (a service) to write the
/// same bytes: keys sorted, pretty-printed, slashes unescaped, a trailing newline.
///
/// JSON output is often read on a terminal (`cat report.json`), so every character that must not
/// reach one raw is written as a `\u` escape, as JSON allows in any string: the encoder escapes the
/// C0 controls itself, and DEL, the C1 controls, the line and paragraph separators and the
/// bidirectional overrides and isolates are escaped here. The values decoded are the same.
public enum ReportJSON {
    /// `value` as the commands print it.
    /// - Throws: `JSONEncodingError` when a value cannot be written (a floating-point infinity or NaN).
    public static func encode<Value: Encodable>(_ value: Value) throws(JSONEncodingError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return escapingTerminalControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
        } catch {
            throw JSONEncodingError(error)
        }
    }

    /// `json` with the characters `TerminalText.needsEscape` names written as JSON's `\u` escapes (four hex digits each). Every
    /// replacement falls inside a string: between tokens JSON holds only ASCII punctuation, digits,
    /// letters and white space, none of which needs escaping.
    public static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.needsEscape) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            // The encoder has already escaped C0 controls; white space between tokens stays.
            if scalar.value >= 0x20, TerminalText.needsEscape(scalar) {
                // A scalar past U+FFFF (a file name's byte that is not UTF-8) as its UTF-16 pair.
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: false)
                    let padded = String(repeating: "0", count: 4 - hex.count) + hex
                    result.append(contentsOf: ("\\u" + padded).unicodeScalars)
                }
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
