import Foundation
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

struct TextShaperTests {
    /// One advance Pillow measured (see Tests/Fixtures/text/make-advances.py).
    struct PillowAdvance: Decodable, CustomTestStringConvertible {
        var font: String
        var weight: FontWeight
        var text: String
        var size: Double
        var advance: Double
        var testDescription: String { "\(font) \(text)" }
    }

    static let pillowAdvances: [PillowAdvance] = {
        struct File: Decodable { var entries: [PillowAdvance] }
        let url = TestPaths.fixture("text/advances-pillow.json")
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).entries) ?? []
    }()

    @Test func theReferenceAdvancesAreThere() {
        #expect(Self.pillowAdvances.count >= 10)
    }

    @Test(arguments: pillowAdvances)
    func measureMatchesPillowWithHarfBuzz(reference: PillowAdvance) throws {
        let shaper = try SharedFonts.shaper()
        let width = shaper.measure(reference.text, style: TextStyle(size: reference.size, weight: reference.weight))
        #expect(abs(width - reference.advance) < 0.1, "\(width) against Pillow's \(reference.advance)")
    }

    @Test func theFamilyZWJSequenceFlagAndSkinToneAreOneGlyphEach() throws {
        let shaper = try SharedFonts.shaper()
        for emoji in ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "❤️"] {
            let line = shaper.shape(emoji, style: TextStyle(size: 17))
            #expect(line.glyphs.count == 1, "\(emoji): \(line.glyphs.count) glyphs")
            #expect(line.glyphs.allSatisfy { $0.isColor && $0.glyphID != 0 && $0.characterIndex == 0 }, "\(emoji)")
        }
        let line = shaper.shape("a👨‍👩‍👧‍👦b", style: TextStyle(size: 17))
        #expect(line.glyphs.map(\.characterIndex) == [0, 1, 2])
        #expect(line.families == ["Inter", "Noto Color Emoji"])
    }

    @Test func aDecomposedAccentSitsOnItsBaseLikeThePrecomposedOne() throws {
        let shaper = try SharedFonts.shaper()
        let style = TextStyle(size: 100)
        let precomposed = shaper.shape("caf\u{E9}", style: style)
        let decomposed = shaper.shape("cafe\u{301}", style: style)
        #expect(abs(precomposed.width - decomposed.width) < 0.5)
        #expect(decomposed.characterCount == 4)
        // The mark is its own glyph placed over the e, or the font composed the two.
        if decomposed.glyphs.count == 5 {
            let base = decomposed.glyphs[3]
            let mark = decomposed.glyphs[4]
            #expect(mark.characterIndex == 3)
            #expect(mark.x + mark.advance <= base.x + base.advance + 1)
            #expect(mark.x >= base.x - 1)
        }
        #expect(decomposed.glyphs.allSatisfy { $0.glyphID != 0 })
    }

    @Test func measureGrowsWithEachCharacter() throws {
        let shaper = try SharedFonts.shaper()
        let style = TextStyle(size: 17)
        let text = "Hello, café — 查看 👍🏽 done"
        var previous = 0.0
        for end in text.indices.dropFirst() + [text.endIndex] {
            let width = shaper.measure(text[..<end], style: style)
            #expect(width > previous, "\(text[..<end])")
            previous = width
        }
        #expect(abs(previous - shaper.shape(text, style: style).width) < 1e-6)
    }

    @Test func wideLettersBoldAndSizeMeasureWider() throws {
        let shaper = try SharedFonts.shaper()
        #expect(shaper.measure("WW", style: TextStyle(size: 17)) > 2 * shaper.measure("ii", style: TextStyle(size: 17)))
        let regular = shaper.measure("Reply to the message", style: TextStyle(size: 17))
        #expect(shaper.measure("Reply to the message", style: TextStyle(size: 17, weight: .semibold)) > regular)
        #expect(
            shaper.measure("Reply to the message", style: TextStyle(size: 17, weight: .bold))
                > shaper.measure("Reply to the message", style: TextStyle(size: 17, weight: .semibold)))
        #expect(abs(shaper.measure("Reply to the message", style: TextStyle(size: 34)) - 2 * regular) < 1e-9)
        #expect(shaper.measure("", style: TextStyle(size: 17)) == 0)
        #expect(shaper.measure("Hello", style: TextStyle(size: .nan)) == 0)
    }

    @Test func aCJKCharacterAdvancesOneEm() throws {
        let shaper = try SharedFonts.shaper()
        // Han and kana are square; Noto Sans CJK sets Hangul narrower (920 of 1000 units).
        #expect(abs(shaper.measure("한", style: TextStyle(size: 20)) - 18.4) < 0.01)
        for character in ["查", "看", "忽", "略", "日", "の", "テ"] {
            let width = shaper.measure(character, style: TextStyle(size: 20))
            #expect(abs(width - 20) < 0.2, "\(character): \(width)")
        }
    }

    @Test func lineMetricsComeFromInter() throws {
        let shaper = try SharedFonts.shaper()
        let metrics = shaper.lineMetrics(style: TextStyle(size: 17))
        // Inter 4.0: ascender 2728, descender 680, no line gap, 2816 units per em.
        #expect(abs(metrics.ascent - 17 * 2728 / 2816) < 1e-9)
        #expect(abs(metrics.descent - 17 * 680 / 2816) < 1e-9)
        #expect(abs(metrics.lineHeight - metrics.ascent - metrics.descent) < 1e-9)
        let line = shaper.shape("Hello 查看", style: TextStyle(size: 17))
        #expect(line.ascent >= metrics.ascent && line.descent >= metrics.descent)
    }

    @Test func controlsAndIgnorablesDrawNoMissingGlyphBox() throws {
        let shaper = try SharedFonts.shaper()
        for text in ["tab\there", "line\nbreak", "\u{200D}lead", "soft\u{AD}hyphen", "\u{FE0F}", mixedSample] {
            let line = shaper.shape(text, style: TextStyle(size: 17))
            #expect(line.glyphs.allSatisfy { $0.glyphID != 0 }, "\(text.debugDescription)")
            #expect(line.characterCount == text.count)
        }
    }

    @Test func aVeryLongLineIsCutAtTheLimit() throws {
        let shaper = try SharedFonts.shaper()
        let line = shaper.shape(String(repeating: "ab", count: 20_000), style: TextStyle(size: 17))
        #expect(line.characterCount == 16_384)
        #expect(line.glyphs.count == 16_384)
    }
}
