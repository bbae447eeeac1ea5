import RichPreview
import Testing

struct TerminalTextTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("line1\nline2\r\ttab", #"line1\nline2\r\ttab"#),
        ("red \u{1B}[31malert\u{1B}[0m", #"red \u{1B}[31malert\u{1B}[0m"#),
        ("bell\u{07} del\u{7F} c1\u{9B}", #"bell\u{7} del\u{7F} c1\u{9B}"#),
        ("abc\u{202E}cba \u{2066}x\u{2069}", #"abc\u{202E}cba \u{2066}x\u{2069}"#),
        ("para\u{2029}graph", #"para\u{2029}graph"#),
        ("查看 👨‍👩‍👧 café", "查看 👨‍👩‍👧 café"),
    ])
    func controlCharactersBecomeVisibleEscapes(input: String, expected: String) {
        #expect(TerminalText.escaped(input) == expected)
        #expect(
            !TerminalText.escaped(input).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        )
    }

    @Test func shortenedKeepsWholeCharacters() {
        #expect(TerminalText.shortened("hello", to: 5) == "hello")
        #expect(TerminalText.shortened("hello!", to: 5) == "hell…")
        #expect(TerminalText.shortened("👨‍👩‍👧👍🏽🇯🇵x", to: 3) == "👨‍👩‍👧👍🏽…")
        #expect(TerminalText.shortened("abc", to: 0) == "")
    }
}
