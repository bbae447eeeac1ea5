import RichPreview
import Testing

struct LineWrapperTests {
    static let mixedTexts = [
        "The quick brown fox jumps over the lazy dog.",
        "查看忽略。「你好」世界，这是一个很长的中文句子，没有空格。",
        "日本語のテキストと English words が混ざっている文章です。ちょっと待って！",
        "한국어 텍스트와 English가 섞인 문장입니다.",
        "Emoji 👍🏽 and families 👨\u{200D}👩\u{200D}👧\u{200D}👦 and flags 🇯🇵🇫🇷 with ❤️ and 1️⃣ keycaps.",
        "Combining: e\u{301}e\u{301}e\u{301} Zoë naïve ñ a\u{301}\u{302}\u{303} and Hangul \u{1100}\u{1161}\u{11A8}.",
        "Visit https://example.com/inbox/messages?id=42&from=push or mail support@example.com today.",
        "Supercalifragilisticexpialidocious-antidisestablishmentarianism",
        "Line one\nLine two\n\n  Indented line after a blank one\r\nLast",
        "Prices: $1,234.56 (12.5%) — up 3.2% since 2024-05-01; see §4.",
        "zero\u{200B}width\u{200B}space and soft\u{AD}hyphen and non\u{A0}breaking",
        "👩🏽‍💻👩🏽‍💻👩🏽‍💻👩🏽‍💻👩🏽‍💻👩🏽‍💻 查看查看查看查看查看查看查看查看",
    ]

    @Test(arguments: mixedTexts)
    func everyWidthKeepsTheInvariants(text: String) {
        for columns in 1...80 {
            expectWrappingInvariants(text, columns: columns, lines: LineWrapper.wrap(text, columns: columns))
        }
    }

    @Test func fillsLatinLinesGreedily() {
        let lines = LineWrapper.wrap("The quick brown fox jumps over the lazy dog", columns: 10)
        #expect(lines == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
    }

    @Test func breaksCJKBetweenIdeographs() {
        #expect(LineWrapper.wrap("查看忽略查看", columns: 5) == ["查看", "忽略", "查看"])
        #expect(LineWrapper.wrap("查看忽略查看", columns: 6) == ["查看忽", "略查看"])
    }

    @Test func keepsClosingAndOpeningPunctuationWithTheirText() {
        let text = "你好。世界「你好」世界。"
        // From 4 columns on, the widest unbreakable piece ("好。", "「你") fits on a line.
        for columns in 4...12 {
            let lines = LineWrapper.wrap(text, columns: columns)
            #expect(!lines.contains { $0.hasPrefix("。") || $0.hasPrefix("」") }, "\(columns): \(lines)")
            #expect(!lines.contains { $0.hasSuffix("「") }, "\(columns): \(lines)")
        }
    }

    @Test func breaksURLsOnlyWhereAllowed() {
        let text = "Open https://example.com/inbox/messages?id=42 now"
        let allowed = Set(LineBreaker.opportunities(in: text).map(\.index))
        for columns in 12...50 {
            let lines = LineWrapper.wrap(text, columns: columns)
            for line in lines.dropFirst() {
                #expect(allowed.contains(line.startIndex), "\(columns): \(lines)")
            }
            #expect(!lines.contains { $0.hasSuffix("example.") || $0.hasSuffix("https:") }, "\(columns): \(lines)")
        }
        #expect(
            LineWrapper.wrap(text, columns: 20) == ["Open https://", "example.com/inbox/", "messages?id=42 now"])
    }

    @Test func splitsAWordWiderThanALineBetweenClusters() {
        #expect(LineWrapper.wrap("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(LineWrapper.wrap("a\u{301}b\u{301}c\u{301}", columns: 2) == ["a\u{301}b\u{301}", "c\u{301}"])
        #expect(LineWrapper.wrap("👍🏽👍🏽👍🏽", columns: 3) == ["👍🏽", "👍🏽", "👍🏽"])
        #expect(LineWrapper.wrap("go abcdefghij", columns: 4) == ["go", "abcd", "efgh", "ij"])
    }

    @Test func putsAClusterWiderThanTheLineAloneOnIt() {
        #expect(LineWrapper.wrap("查看", columns: 1) == ["查", "看"])
        #expect(LineWrapper.wrap("a👍b", columns: 1) == ["a", "👍", "b"])
        #expect(LineWrapper.wrap("abc", columns: 0) == ["a", "b", "c"])
    }

    @Test func keepsMandatoryBreaksAndDropsTheSeparators() {
        #expect(LineWrapper.wrap("a\nb\n\nc\n", columns: 10) == ["a", "b", "", "c"])
        #expect(LineWrapper.wrap("a\r\nb\rc\u{2028}d\u{85}e", columns: 10) == ["a", "b", "c", "d", "e"])
        #expect(LineWrapper.wrap("\n", columns: 10) == [""])
        #expect(LineWrapper.wrap("", columns: 10) == [])
    }

    @Test func dropsSpacesAtLineEndsAndKeepsAnIndent() {
        #expect(LineWrapper.wrap("a   b", columns: 1) == ["a", "b"])
        #expect(LineWrapper.wrap("abc   \ndef", columns: 10) == ["abc", "def"])
        #expect(LineWrapper.wrap("  abc def", columns: 6) == ["  abc", "def"])
        #expect(LineWrapper.wrap("      abc", columns: 3) == ["abc"])
        #expect(LineWrapper.wrap("     ", columns: 3) == [""])
        #expect(LineWrapper.wrap("ab cd", columns: 5) == ["ab cd"])
        #expect(LineWrapper.wrap("ab  cd", columns: 5) == ["ab", "cd"])
    }

    @Test func maxLinesEndsWithAnEllipsisThatFits() {
        let text = "The quick brown fox jumps over the lazy dog"
        #expect(LineWrapper.wrap(text, columns: 10, maxLines: 2) == ["The quick", "brown fox…"])
        #expect(LineWrapper.wrap(text, columns: 11, maxLines: 2) == ["The quick", "brown fox…"])
        #expect(LineWrapper.wrap(text, columns: 12, maxLines: 2) == ["The quick", "brown fox j…"])
        #expect(LineWrapper.wrap("查看忽略查看忽略", columns: 5, maxLines: 2) == ["查看", "忽略…"])
        #expect(LineWrapper.wrap("查看忽略查看忽略", columns: 6, maxLines: 1) == ["查看…"])
        #expect(LineWrapper.wrap("one\ntwo\nthree", columns: 10, maxLines: 2) == ["one", "two…"])
        #expect(LineWrapper.wrap("one\ntwo", columns: 10, maxLines: 2) == ["one", "two"])
        #expect(LineWrapper.wrap("one two", columns: 10, maxLines: 5) == ["one two"])
        #expect(LineWrapper.wrap("abc", columns: 0, maxLines: 2) == ["a", ""])
        #expect(LineWrapper.wrap("abc", columns: 10, maxLines: 0) == [])
    }

    @Test(arguments: mixedTexts)
    func maxLinesFitsAtEveryWidth(text: String) {
        for columns in 1...40 {
            for maxLines in 1...3 {
                let lines = LineWrapper.wrap(text, columns: columns, maxLines: maxLines)
                let full = LineWrapper.wrap(text, columns: columns)
                #expect(lines.count == min(maxLines, full.count))
                #expect(lines.allSatisfy { TerminalWidth.of($0) <= columns || $0.count == 1 })
                if full.count > maxLines {
                    #expect(lines.last?.hasSuffix("…") == true, "\(columns)/\(maxLines): \(lines)")
                    #expect(Array(lines.dropLast()) == full.prefix(maxLines - 1).map(String.init))
                } else {
                    #expect(lines == full.map(String.init))
                }
            }
        }
    }

    @Test func measuredWidthsFromAFont() {
        // A proportional "font": narrow i, l, space; wide m, w; everything else 0.6.
        func advance(_ text: Substring) -> Double {
            text.reduce(0) { width, character in
                switch character {
                case "i", "l", " ": width + 0.3
                case "m", "w": width + 0.9
                default: width + 0.6
                }
            }
        }
        let text = "Swimming in the lilies while the mammoth wanders"
        for maxWidth in stride(from: 1.0, through: 12.0, by: 0.25) {
            let lines = LineWrapper.wrap(text, maxWidth: maxWidth, measure: advance)
            #expect(lines.allSatisfy { advance($0) <= maxWidth + 1e-9 || $0.count == 1 }, "\(maxWidth): \(lines)")
            #expect(lines.joined(separator: " ") == text || lines.count > 1)
            let limited = LineWrapper.wrap(text, maxWidth: maxWidth, maxLines: 2, measure: advance)
            #expect(limited.allSatisfy { advance(Substring($0)) <= maxWidth + 1e-9 || $0.count == 1 })
        }
        #expect(LineWrapper.wrap("ill ill", maxWidth: 2.2, measure: advance) == ["ill ill"])
        #expect(LineWrapper.wrap("mmm mmm", maxWidth: 1.8, measure: advance) == ["mm", "m", "mm", "m"])
    }

    @Test(arguments: [
        ("short", 10, "short"),
        ("exactly10!", 10, "exactly10!"),
        ("this is too long", 10, "this is t…"),
        ("this is too long", 9, "this is…"),
        ("查看忽略", 5, "查看…"),
        ("查看忽略", 4, "查…"),
        ("👨\u{200D}👩\u{200D}👧\u{200D}👦👍", 3, "👨\u{200D}👩\u{200D}👧\u{200D}👦…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
    ])
    func truncatesWithAnEllipsis(text: String, columns: Int, expected: String) {
        let truncated = LineWrapper.truncated(text, columns: columns)
        #expect(truncated == expected)
        #expect(TerminalWidth.of(truncated) <= max(0, columns))
    }

    @Test func oddWidthsAndMeasuresDoNotTrap() {
        let text = "some text 查看 👍🏽"
        #expect(!LineWrapper.wrap(text, maxWidth: .nan, measure: { Double($0.count) }).isEmpty)
        #expect(LineWrapper.wrap(text, maxWidth: .infinity, measure: { Double($0.count) }) == [text[...]])
        #expect(!LineWrapper.wrap(text, maxWidth: -5, measure: { Double($0.count) }).isEmpty)
        #expect(!LineWrapper.wrap(text, maxWidth: 5, measure: { _ in .nan }).isEmpty)
        #expect(LineWrapper.wrap(text, maxWidth: 5, measure: { _ in -1 }) == [text[...]])
        #expect(LineWrapper.wrap(text, maxWidth: 5, maxLines: 1, measure: { _ in .nan }) == [""])
        #expect(LineWrapper.truncated(text, maxWidth: .nan, measure: { Double($0.count) }) == "")
        let zalgo = "a" + String(repeating: "\u{301}", count: 10_000) + " b"
        #expect(LineWrapper.wrap(zalgo, columns: 1).count == 2)
    }
}
