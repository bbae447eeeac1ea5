import Foundation
import RichPreview
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// Every character the sample notifications and the seeds show gets a real glyph in the PNG path:
/// shaping never falls back to glyph 0 (FreeType's missing glyph).
struct CardGlyphCoverageTests {
    /// The texts the seeds put on notifications (seeds 000–004), and the bundled samples' texts.
    static func texts() throws -> [String] {
        var texts = [
            "测试推送的快捷回复", "接受", "拒绝", "Accept", "Reject", "backstage", "foreground", "hello world", "Incoming call",
            "查看", "忽略", "新图片", "点开查看今天的风景照",
        ]
        let builder = NotificationCardBuilder(
            categories: try CategoryManifest.load([TestPaths.packageFile("Resources/categories.json")]),
            extensions: ExtensionRegistry([]))
        for sample in ["image", "audio", "movie"] {
            let data = try Data(contentsOf: TestPaths.packageFile("Resources/payloads/\(sample)_category.json"))
            let payload = try #require(PayloadDecoder().check(data, file: sample).payload)
            let card = builder.card(for: payload)
            texts += card.texts + card.actions.map(\.title) + [card.headerTitle, card.time]
        }
        let mix = try Data(contentsOf: TestPaths.fixture("payloads/unicode-mix.json"))
        let payload = try #require(PayloadDecoder().check(mix, file: "mix").payload)
        texts += builder.card(for: payload).texts
        return texts
    }

    @Test func noCharacterOfTheSamplesRendersAsAMissingGlyph() throws {
        let shaper = TextShaper(fonts: try FontSet.system())
        for weight in [FontWeight.regular, .semibold] {
            for text in try Self.texts() {
                let line = shaper.shape(text, style: TextStyle(size: 30, weight: weight))
                let missing = line.glyphs.filter { $0.glyphID == 0 }
                #expect(missing.isEmpty, "'\(text)' has \(missing.count) missing glyphs (\(weight))")
                #expect(line.width > 0)
            }
        }
        #expect(try FontSet.system().missingCharacters(in: try Self.texts().joined()).isEmpty)
    }

    @Test func theCardPictureDrawsTheSeedTexts() throws {
        let renderer = CardPictureRenderer(
            width: 320, scale: 1, appearance: .light, shaper: TextShaper(fonts: try FontSet.system()))
        let card = NotificationCard(
            headerTitle: "App", title: "测试推送的快捷回复", body: "hello world",
            actions: [
                CardAction(identifier: "a", title: "接受"), CardAction(identifier: "r", title: "拒绝", isDestructive: true),
            ])
        let picture = try renderer.render(card, attachmentImage: nil)
        #expect(picture.size.width == 320)
        let red = stride(from: 0, to: picture.pixels.count, by: 4).filter {
            picture.pixels[$0] > 200 && picture.pixels[$0 + 1] < 120 && picture.pixels[$0 + 2] < 120
        }
        #expect(!red.isEmpty, "the destructive button is drawn in red")
    }
}
