import RichPreview
import RichPreviewTestSupport
import Testing

struct WrappingPropertyTests {
    /// Pieces that random texts are built from: words, CJK, emoji sequences, marks, spaces, breaks.
    static let pieces = [
        "word", "notification", "a", "I", "don't", "well-known", "Supercalifragilistic", "123", "$4.99", "(x)",
        "\"quoted\"", "查看", "忽略", "。", "「", "」", "、", "ちょっと", "한국어", "ＡＢ", "e\u{301}", "\u{301}", "👍",
        "👍🏽", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "🇯🇵", "🇫", "❤\u{FE0F}", "❤", "1\u{FE0F}\u{20E3}", "\u{200D}",
        "\u{FE0F}", "\u{200B}", "\u{AD}", "\u{A0}", "—", "-", "/", "https://example.com/a?b=c", "x@y.z", " ", " ",
        "  ", "\n", "\r\n", "\u{2028}", "\u{1100}\u{1161}\u{11A8}", "क्ष", "\t",
    ]

    static func randomText(using generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...40, using: &generator)
        var text = ""
        for _ in 0..<count {
            text += pieces.randomElement(using: &generator) ?? ""
        }
        return text
    }

    @Test func randomTextsKeepTheInvariantsAtEveryWidth() {
        var generator = SplitMix64(seed: 0x5EED_2026)
        for _ in 0..<150 {
            let text = Self.randomText(using: &generator)
            let opportunities = LineBreaker.opportunities(in: text)
            let boundaries = Set(text.indices).union([text.endIndex])
            #expect(opportunities.allSatisfy { boundaries.contains($0.index) }, "\(text.debugDescription)")
            #expect(zip(opportunities, opportunities.dropFirst()).allSatisfy { $0.index < $1.index })
            #expect(opportunities.last?.index == (text.isEmpty ? nil : text.endIndex))
            for columns in 1...80 {
                expectWrappingInvariants(text, columns: columns, lines: LineWrapper.wrap(text, columns: columns))
            }
            for columns in [1, 2, 3, 7, 20] {
                let lines = LineWrapper.wrap(text, columns: columns, maxLines: 2)
                #expect(lines.count <= 2)
                #expect(lines.allSatisfy { TerminalWidth.of($0) <= columns || $0.count == 1 }, "\(lines)")
            }
        }
    }

    @Test func linesAreFilledGreedily() {
        // A line ends early only when the next piece up to a break opportunity would not fit.
        var generator = SplitMix64(seed: 42)
        for _ in 0..<100 {
            let text = Self.randomText(using: &generator).filter { !$0.isNewline }
            let allowed = LineBreaker.opportunities(in: text).map(\.index)
            for columns in [4, 10, 25] {
                let lines = LineWrapper.wrap(text, columns: columns)
                for (line, next) in zip(lines, lines.dropFirst()) {
                    guard let nextBreak = allowed.first(where: { $0 > next.startIndex }) else { continue }
                    var joined = text[line.startIndex..<nextBreak]
                    while joined.hasSuffix(" ") { joined.removeLast() }
                    #expect(
                        TerminalWidth.of(joined) > columns,
                        "\(columns): \(line.debugDescription) + \(next.debugDescription)")
                }
            }
        }
    }

    @Test func wrappingIsLinearInMeasureCalls() {
        var generator = SplitMix64(seed: 7)
        var text = ""
        while text.utf8.count < 100_000 {
            text += Self.randomText(using: &generator) + " "
        }
        let characters = text.count
        var calls = 0
        var measured = 0
        let lines = LineWrapper.wrap(text, maxWidth: 40) { piece in
            calls += 1
            measured += piece.count
            return Double(TerminalWidth.of(piece))
        }
        #expect(lines.count > 1000)
        // About two calls per break opportunity and one per cluster of over-long segments.
        #expect(calls <= 2 * characters)
        #expect(measured <= 2 * characters)
        print(
            "wrapping \(text.utf8.count) bytes (\(characters) characters) at 40: \(calls) measure calls over \(measured) characters, \(lines.count) lines"
        )

        var limitedCalls = 0
        let limited = LineWrapper.wrap(text, maxWidth: 40, maxLines: 3) { piece in
            limitedCalls += 1
            return Double(TerminalWidth.of(piece))
        }
        #expect(limited.count == 3)
        #expect(limitedCalls < 1000)
    }
}
