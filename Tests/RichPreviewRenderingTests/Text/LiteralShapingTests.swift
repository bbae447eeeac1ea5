import RichPreviewRendering
import Testing

/// The card draws the characters the payload has: none of Inter's default contextual alternates
/// or ligatures (arrows for `->`, a multiplication sign for the x of `3x4`) that SF Pro does not make.
struct LiteralShapingTests {
    static let texts = [
        "->", "=>", "<-", "<->", "-->", "3x4", "12:30", "A:B", "|>", "fi fl ffi",
        "https://example.com/3x4->b?a=>c",
    ]

    @Test(arguments: texts)
    func eachCharacterKeepsTheGlyphItHasAlone(text: String) throws {
        let shaper = try SharedFonts.shaper()
        for weight in [FontWeight.regular, .semibold, .bold] {
            let style = TextStyle(size: 17, weight: weight)
            let shaped = shaper.shape(text, style: style).glyphs.map(\.glyphID)
            let alone = text.flatMap { shaper.shape(String($0), style: style).glyphs.map(\.glyphID) }
            #expect(shaped == alone, "\(text) in \(weight)")
        }
    }

    @Test func anArrowIsDrawnAsAHyphenThenAGreaterThanSign() throws {
        let shaper = try SharedFonts.shaper()
        let style = TextStyle(size: 17)
        let arrow = shaper.shape("->", style: style)
        #expect(arrow.glyphs.count == 2)
        #expect(arrow.glyphs.map(\.characterIndex) == [0, 1])
        let pieces = shaper.shape("-", style: style).glyphs + shaper.shape(">", style: style).glyphs
        #expect(arrow.glyphs.map(\.glyphID) == pieces.map(\.glyphID))
        #expect(arrow.glyphs.map(\.glyphID) != shaper.shape("→", style: style).glyphs.map(\.glyphID))
    }

    @Test func theXOfADimensionStaysAnX() throws {
        let shaper = try SharedFonts.shaper()
        let style = TextStyle(size: 17)
        let x = try #require(shaper.shape("x", style: style).glyphs.first?.glyphID)
        for text in ["3x4", "photo-3x4.jpg", "https://example.com/img/3x4"] {
            let glyphs = shaper.shape(text, style: style).glyphs
            let index = try #require(Array(text).firstIndex(of: "x"))
            #expect(glyphs.first { $0.characterIndex == index }?.glyphID == x, "\(text)")
        }
    }
}
