import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// The text cut at every break opportunity.
func pieces(_ text: String) -> [String] {
    var result: [String] = []
    var start = text.startIndex
    for opportunity in LineBreaker.opportunities(in: text) {
        result.append(String(text[start..<opportunity.index]))
        start = opportunity.index
    }
    return result
}

struct LineBreakerTests {
    static let subset: [LineBreakTestCase] = {
        let url = TestPaths.fixture("unicode/LineBreakTest-subset.txt")
        return LineBreakTestCase.parse((try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }()

    @Test func subsetFixtureIsThere() {
        #expect(Self.subset.count > 100)
    }

    @Test(arguments: subset)
    func officialSubsetBetweenCodePoints(testCase: LineBreakTestCase) {
        #expect(testCase.actualCodePointBreaks == testCase.breaks)
    }

    @Test(arguments: subset)
    func officialSubsetBetweenClusters(testCase: LineBreakTestCase) {
        #expect(testCase.actualBreaksBetweenClusters == testCase.breaksBetweenClusters)
    }

    @Test func aBreakInsideAClusterIsDropped() {
        // UAX #14 breaks after a space before a combining mark (LB18); Swift joins them in one Character.
        let text = "a \u{308}b"
        let codePoints = LineBreaker.codePointBreaks(in: Array(text.unicodeScalars)).map(\.offset)
        #expect(codePoints == [2, 4])
        #expect(pieces(text) == [text])
    }

    @Test(arguments: [
        ("Hello world", ["Hello ", "world"]),
        ("Hello   world", ["Hello   ", "world"]),
        ("查看忽略", ["查", "看", "忽", "略"]),
        ("你好。世界", ["你", "好。", "世", "界"]),  // never before 。
        ("「你好」です", ["「你", "好」", "で", "す"]),  // never after 「
        ("ちょっと", ["ちょっ", "と"]),  // small kana (CJ) never start a line
        ("한국어 텍스트", ["한국어 ", "텍스트"]),  // Hangul words kept whole, as iOS 14+ does
        ("see https://example.com/a-b?x=1 now", ["see ", "https://", "example.com/", "a-", "b?", "x=1 ", "now"]),
        ("mail user@example.com", ["mail ", "user@example.com"]),
        ("10\u{A0}km", ["10\u{A0}km"]),  // no-break space
        ("foo\u{200B}bar", ["foo\u{200B}", "bar"]),  // zero-width space
        ("word\u{2060}joiner", ["word\u{2060}joiner"]),
        ("hy\u{AD}phen", ["hy\u{AD}", "phen"]),  // soft hyphen
        ("well-known", ["well-", "known"]),
        ("a -5", ["a ", "-5"]),
        ("yes—no", ["yes", "—", "no"]),
        ("yes — no", ["yes ", "— ", "no"]),
        ("Price: $1,234.56 (12.5%)", ["Price: ", "$1,234.56 ", "(12.5%)"]),
        ("\"Quoted,\" she said.", ["\"Quoted,\" ", "she ", "said."]),
        ("(a) [b] {c}", ["(a) ", "[b] ", "{c}"]),
        ("👍🏽👍", ["👍🏽", "👍"]),
        ("👨\u{200D}👩\u{200D}👧\u{200D}👦!", ["👨\u{200D}👩\u{200D}👧\u{200D}👦!"]),
        ("🇯🇵🇫🇷", ["🇯🇵", "🇫🇷"]),
        ("e\u{301}e\u{301} e\u{301}", ["e\u{301}e\u{301} ", "e\u{301}"]),
        ("a\nb", ["a\n", "b"]),
        ("a\r\nb\n", ["a\r\n", "b\n"]),
        ("", []),
    ])
    func breaksWhereTheRulesAllow(text: String, expected: [String]) {
        #expect(pieces(text) == expected)
    }

    @Test func mandatoryBreaksAreMarked() {
        let text = "one\ntwo\u{2028}three four"
        let mandatory = LineBreaker.opportunities(in: text).filter(\.isMandatory).map {
            text.distance(from: text.startIndex, to: $0.index)
        }
        #expect(mandatory == [4, 8, text.count])
        #expect(LineBreaker.opportunities(in: text).filter { !$0.isMandatory }.count == 1)
    }

    @Test func opportunitiesAreOrderedClusterBoundaries() {
        let text = "Zoë 👩🏽‍💻 查看 a\u{301}\u{302} 🇯🇵 \u{1100}\u{1161}\u{11A8} 1️⃣ x\r\ny"
        let opportunities = LineBreaker.opportunities(in: text)
        let boundaries = Set(text.indices).union([text.endIndex])
        #expect(opportunities.allSatisfy { boundaries.contains($0.index) })
        #expect(zip(opportunities, opportunities.dropFirst()).allSatisfy { $0.index < $1.index })
        #expect(opportunities.last == LineBreaker.Opportunity(index: text.endIndex, isMandatory: true))
        #expect(!opportunities.contains { $0.index == text.startIndex })
    }

    @Test func oddInputDoesNotTrap() {
        let inputs = [
            String(repeating: "\u{301}", count: 5000),
            String(repeating: "\u{200D}", count: 100) + "x",
            String(repeating: "🇦", count: 101),
            "\u{FFFF}\u{10FFFF}\u{E000}\u{1FFFD}\u{1F3FF}",
            String(repeating: "\r", count: 10) + String(repeating: " ", count: 10),
            "\u{0}\u{1}\u{7F}\u{85}",
        ]
        for text in inputs {
            let opportunities = LineBreaker.opportunities(in: text)
            #expect(opportunities.last?.index == text.endIndex)
        }
    }

    /// Korean breaks at the spaces between words (UAX #14's keep-all tailoring, iOS 14 and
    /// later); the default rules, still available, allow a break between any two syllables.
    @Test func koreanWordsAreKeptWholeUnlessAskedOtherwise() {
        let text = "감사합니다! 내일 봐요."
        #expect(pieces(text) == ["감사합니다! ", "내일 ", "봐요."])
        let syllables = LineBreaker.opportunities(in: text, keepingHangulWords: false).count
        #expect(syllables > 3)
        // Wrapped narrow, in terminal columns and by a font's widths alike: only at the spaces.
        #expect(LineWrapper.wrap(text, columns: 12).map(String.init) == ["감사합니다!", "내일 봐요."])
        #expect(LineWrapper.wrap("감사합니다!", columns: 6).map(String.init) == ["감사합", "니다!"])
    }
}
