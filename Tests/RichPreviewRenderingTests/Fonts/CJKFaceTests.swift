import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// The face of Noto Sans CJK follows the language: Japanese kanji in their Japanese forms, as the
/// Japanese face's own glyphs.
struct CJKFaceTests {
    /// Kanji whose Japanese and Simplified Chinese forms differ.
    static let kanji = "直骨誤"

    @Test(arguments: [
        ("ja", CJKFace.japanese), ("ja-JP", .japanese), ("ko", .korean), ("ko_KR", .korean),
        ("zh-Hans", .simplifiedChinese), ("zh-CN", .simplifiedChinese), ("zh-SG", .simplifiedChinese),
        ("zh", .simplifiedChinese), ("zh-Hans-HK", .simplifiedChinese), ("zh-Hant", .traditionalChinese),
        ("zh-TW", .traditionalChinese), ("zh-HK", .traditionalChinese), ("zh_Hant_HK", .traditionalChinese),
        ("ZH-hant", .traditionalChinese),
    ])
    func aLanguageTagPicksItsFace(tag: String, face: CJKFace) {
        #expect(CJKFace(language: tag) == face)
    }

    @Test func otherLanguagesPickNoFace() {
        for tag in ["en", "", "-", "jav", "kok", "th", "zhx"] { #expect(CJKFace(language: tag) == nil, "\(tag)") }
    }

    @Test func eachLanguageDrawsHanWithItsFaceAndLatinStaysInInter() throws {
        let fonts = try SharedFonts.fonts()
        #expect(fonts.family(for: "直") == "Noto Sans CJK SC")
        for (language, family) in [
            ("ja", "Noto Sans CJK JP"), ("ko", "Noto Sans CJK KR"), ("zh-Hans", "Noto Sans CJK SC"),
            ("zh-TW", "Noto Sans CJK TC"), ("en", "Noto Sans CJK SC"), (nil, "Noto Sans CJK SC"),
        ] as [(String?, String)] {
            let set = fonts.forLanguage(language)
            #expect(set.family(for: "直") == family, "\(language ?? "nil")")
            #expect(set.family(for: "A") == "Inter")
            #expect(set.sources.contains { $0.family == family }, "\(set.sources.map(\.family))")
        }
        let japanese = fonts.forLanguage("ja")
        #expect(japanese.sources.first { $0.family == "Noto Sans CJK JP" }?.files[.regular]?.faceIndex == 0)
        #expect(japanese.forLanguage("zh-Hans").family(for: "直") == "Noto Sans CJK SC")
    }

    @Test func japaneseKanjiAreTheJapaneseFacesGlyphsAndDrawOtherPixels() throws {
        let fonts = try SharedFonts.fonts()
        let file = try #require(fonts.sources.first { $0.family == "Noto Sans CJK SC" }?.files[.regular]?.path)
        let style = TextStyle(size: 48)
        var pictures: [[UInt8]] = []
        for (language, faceIndex) in [("ja", 0), ("zh-Hans", 2)] {
            let line = TextShaper(fonts: fonts.forLanguage(language)).shape(Self.kanji[...], style: style)
            #expect(line.glyphs.map(\.glyphID) == (try Self.harfBuzzGlyphs(Self.kanji, file: file, face: faceIndex)))
            var canvas = Canvas(width: 180, height: 64, background: .white)
            canvas.draw(line, baselineOrigin: Point(x: 8, y: 50))
            pictures.append(canvas.image().pixels)
        }
        #expect(pictures[0] != pictures[1])
    }

    /// The glyphs HarfBuzz's own `hb-shape` (Debian `libharfbuzz-bin`) gives `text` in face
    /// `face` of `file`.
    static func harfBuzzGlyphs(_ text: String, file: String, face: Int) throws -> [UInt32] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = [
            "--face-index=\(face)", "--no-glyph-names", "--no-positions", "--no-clusters", file, text,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // "[27873|45132|37872]"
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "[]\n"))
            .split(separator: "|").compactMap { UInt32($0) }
    }
}
