import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import Testing

/// Text, ANSI and PNG draw a card's blocks in the one order `CardLayout` gives.
struct CardLayoutOrderTests {
    static let attachment = CardAttachment(
        name: "red.png", kind: .image, format: .png, pixelSize: PixelSize(width: 64, height: 64), path: "red.png")

    @Test func theExpandedAttachmentIsAboveTheTextInEveryFormat() throws {
        let card = NotificationCard(
            headerTitle: "Shop", title: "Delivered", body: "At the door", attachment: Self.attachment, state: .expanded)
        #expect(CardLayout(card).blocks == [.header, .media(Self.attachment), .text(.init(title: nil, body: nil))])

        // PNG: the red image ends above the first ink of the text.
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let renderer = CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: try SharedFonts.shaper())
        let picture = try renderer.render(card, attachmentImage: png)
        var blank = card
        blank.title = " "
        blank.body = " "
        let text = try #require(BannerLayoutTests.difference(picture, try renderer.render(blank, attachmentImage: png)))
        let red = try #require(TestImages.bounds(in: picture, where: TestImages.isRed))
        #expect(red.maxY < text.minY, "image bottom \(red.maxY), text top \(text.minY)")

        // Text and ANSI: the image's rows come before the title's.
        let image = try ImageScaler.scale(png, to: ScaleRequest(box: PixelSize(width: 20, height: 20))).image
        for style in TerminalCardRenderer.Style.allCases {
            let rows = TerminalCardRenderer(style: style, columns: 40).render(card, image: image).split(separator: "\n")
            let title = try #require(rows.firstIndex { $0.contains("Delivered") })
            // An image row: a run of one brightness character (text) or of half blocks (ANSI).
            let marks = style == .text ? "@%#*+=-:".map { String(repeating: $0, count: 8) } : ["▀", "▄"]
            let picture = try #require(rows.firstIndex { row in marks.contains { row.contains($0) } })
            #expect(picture < title, "\(style): image row \(picture), title row \(title)")
        }
    }

    @Test func aBannerShowsNoAppNameInEveryFormat() throws {
        let card = NotificationCard(headerTitle: "Shopkeeper", title: "Delivered", body: "At the door", state: .banner)
        for style in TerminalCardRenderer.Style.allCases {
            let output = TerminalCardRenderer(style: style, columns: 40).render(card, image: nil)
            #expect(!output.contains("Shopkeeper") && output.contains("Delivered") && output.contains("now"))
        }
        // A banner with no text at all falls back to the app's name as its title.
        let empty = NotificationCard(headerTitle: "Shopkeeper", state: .banner)
        #expect(TerminalCardRenderer(style: .text, columns: 40).render(empty, image: nil).contains("Shopkeeper"))
    }
}
