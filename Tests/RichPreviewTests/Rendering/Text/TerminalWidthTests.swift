import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

struct TerminalWidthTests {
    @Test(arguments: [
        ("hello, world", 12),
        ("查看", 4),
        ("忽略", 4),
        ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo: one syllable
        ("ＡＢＣ", 6),  // fullwidth forms
        ("ｱｲｳ", 3),  // halfwidth katakana
        ("e\u{301}", 1),
        ("e\u{301}\u{302}\u{303}", 1),
        ("\u{301}", 0),  // a combining mark on nothing
        ("👍", 2),
        ("👍🏽", 2),
        ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 2),
        ("🇯🇵", 2),
        ("🇯🇵🇫🇷", 4),
        ("❤\u{FE0F}", 2),
        ("❤", 1),
        ("☺", 1),
        ("1\u{FE0F}\u{20E3}", 2),  // keycap
        ("1\u{20E3}", 1),  // keycap without FE0F: text presentation
        ("\u{200B}", 0),
        ("\u{200D}", 0),
        ("\u{FE0F}", 0),
        ("\u{2060}", 0),
        ("a\u{200B}b", 2),
        ("\u{AD}", 1),
        ("☝\u{1F3FD}", 2),  // modifier on a text-default base
        ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2),  // tag sequence
        ("⌚\u{FE0E}", 2),
        ("±§°", 3),  // East Asian Ambiguous is narrow
        ("\u{E000}", 1),  // private use
        ("\t\u{7}\u{1B}\r\n", 0),  // controls
        ("", 0),
    ])
    func widthsOfText(text: String, expected: Int) {
        #expect(TerminalWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func substringsAndCharactersAgree() {
        let text = "Notification: 查看 👍🏽 café"
        #expect(TerminalWidth.of(text[...]) == TerminalWidth.of(text))
        #expect(text.reduce(0) { $0 + TerminalWidth.of($1) } == TerminalWidth.of(text))
        for character in text {
            #expect((0...2).contains(TerminalWidth.of(character)))
        }
    }

    /// Compares with the reference widths of Python's wcwidth (see Tests/Fixtures/README.md), except
    /// the few clusters where the documented rules differ from it on purpose.
    @Test func agreesWithWcwidthReference() throws {
        let url = TestPaths.fixture("unicode/terminal-widths.txt")
        let contents = try String(contentsOf: url, encoding: .utf8)
        var checked = 0
        for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, let reference = Int(fields[1]), let ours = Int(fields[2]) else {
                Issue.record("malformed line: \(line)")
                continue
            }
            var text = ""
            for hex in fields[0].split(separator: " ") {
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    text.unicodeScalars.append(scalar)
                }
            }
            #expect(TerminalWidth.of(text) == ours, "\(line)")
            if ours != reference {
                #expect(fields.count > 3 && fields[3].hasPrefix("#"), "a difference needs a reason: \(line)")
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test(arguments: [
        ("abc", 5, TerminalWidth.Alignment.leading, "abc  "),
        ("abc", 5, .trailing, "  abc"),
        ("abc", 6, .centered, " abc  "),
        ("查看", 5, .leading, "查看 "),
        ("查看忽略", 5, .leading, "查看…"),
        ("查看忽略", 6, .leading, "查看… "),
        ("abcdef", 3, .leading, "ab…"),
        ("查", 1, .leading, "…"),
        ("abc", 0, .leading, ""),
        ("abc", -3, .leading, ""),
    ])
    func paddedToExactWidth(text: String, columns: Int, alignment: TerminalWidth.Alignment, expected: String) {
        let padded = TerminalWidth.padded(text, toColumns: columns, alignment: alignment)
        #expect(padded == expected)
        #expect(TerminalWidth.of(padded) == max(0, columns))
    }
}
