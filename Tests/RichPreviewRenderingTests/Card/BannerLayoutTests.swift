import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import Testing

/// The banner's first line shares its row with the time and never runs under it, and the
/// thumbnail sits below the time row: measured on the pixels, against the same banner without
/// the piece whose ink is looked for.
struct BannerLayoutTests {
    static func render(_ card: NotificationCard, image: Data? = nil, scale: Int = 2) throws -> RGBAImage {
        let renderer = CardPictureRenderer(
            width: 375, scale: scale, appearance: .light, shaper: try SharedFonts.shaper())
        return try renderer.render(card, attachmentImage: image)
    }

    /// The rows and columns where `a` and `b` differ (nil when they are the same picture).
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        guard a.size == b.size else { return nil }
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for y in 0..<a.size.height {
            for x in 0..<a.size.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), min(box?.minY ?? y, y), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    static let longTitle = "Your order of twelve items from the corner bookshop has been delivered to the front door"

    @Test(arguments: [1, 2, 3])
    func aLongFirstLineStopsBeforeTheTime(scale: Int) throws {
        for card in [
            NotificationCard(headerTitle: "Shop", title: Self.longTitle, body: "Tap to see it", state: .banner),
            NotificationCard(headerTitle: "Shop", body: Self.longTitle + " " + Self.longTitle, state: .banner),
        ] {
            // The time's ink: the banner with a one-letter first line, with and without the time.
            var short = card
            // Same number of lines, so the text block (and the time) sits where it sits in `card`.
            if short.title != nil { short.title = "x" } else { short.body = "x\nx" }
            var shortTimeless = short
            shortTimeless.time = ""
            let shortImage = try Self.render(short, scale: scale)
            let time = try #require(Self.difference(shortImage, try Self.render(shortTimeless, scale: scale)))
            // The long line's ink in the time's rows, against the one-letter line (same time).
            let long = try Self.render(card, scale: scale)
            var rightmost = 0
            for y in time.minY...time.maxY {
                for x in 0..<long.size.width where long.pixel(x: x, y: y) != shortImage.pixel(x: x, y: y) {
                    rightmost = max(rightmost, x)
                }
            }
            #expect(rightmost > 0, "the long first line has ink in the time's row")
            #expect(rightmost < time.minX, "first line ink reaches x=\(rightmost), the time starts at \(time.minX)")
        }
    }

    @Test func theThumbnailIsBelowTheTimeRowOnATwoLineBanner() throws {
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let attachment = CardAttachment(
            name: "red.png", kind: .image, format: .png, pixelSize: PixelSize(width: 64, height: 64), path: "red.png")
        let card = NotificationCard(
            headerTitle: "Shop", title: "Delivered", body: "Your parcel is at the door", attachment: attachment,
            state: .banner)
        var timeless = card
        timeless.time = ""
        let withThumbnail = try Self.render(card, image: png)
        let time = try #require(Self.difference(withThumbnail, try Self.render(timeless, image: png)))
        let thumbnail = try #require(TestImages.bounds(in: withThumbnail, where: TestImages.isRed))
        let (redTop, redBottom) = (thumbnail.minY, thumbnail.maxY)
        #expect(redTop > time.maxY, "the thumbnail's top (y=\(redTop)) is below the time (bottom y=\(time.maxY))")
        // And it stays inside the banner's platter: the picture is tall enough for it.
        #expect(redBottom < withThumbnail.size.height - 2 * 8)
    }
}

/// A banner thumbnail of an extreme shape never collapses into a sliver.
struct BannerThumbnailShapeTests {
    @Test(arguments: [(4000, 3), (3, 4000)])
    func anExtremeImageKeepsAVisibleThumbnail(width: Int, height: Int) throws {
        let png = try TestImages.solidPNG(width: width, height: height)
        let card = NotificationCard(
            headerTitle: "Shop", title: "Delivered", body: "Your parcel is at the door",
            attachment: CardAttachment(
                name: "odd.png", kind: .image, format: .png, pixelSize: PixelSize(width: width, height: height),
                path: "odd.png"), state: .banner)
        let image = try BannerLayoutTests.render(card, image: png, scale: 2)
        let box = try #require(TestImages.bounds(in: image, where: TestImages.isRed))
        let (minX, maxX, minY, maxY) = (box.minX, box.maxX, box.minY, box.maxY)
        // At least 16 pt (32 pixels at 2×) each way, give or take the anti-aliased corners.
        #expect(maxX - minX + 1 >= 30 && maxY - minY + 1 >= 30, "thumbnail \(maxX - minX + 1)×\(maxY - minY + 1)")
    }
}

/// The thumbnail options a service extension passes: a clipping rectangle and hiding.
struct BannerThumbnailOptionsTests {
    /// A 64×32 PNG, red in its left half and blue in its right.
    static func redThenBlue() throws -> Data {
        var pixels = [UInt8]()
        for _ in 0..<32 {
            for x in 0..<64 { pixels += x < 32 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        return try ImageEncoder.encode(RGBAImage(size: PixelSize(width: 64, height: 32), pixels: pixels)).data
    }

    static func card(_ options: AttachmentOptions) -> NotificationCard {
        var attachment = CardAttachment(
            name: "two.png", kind: .image, format: .png, pixelSize: PixelSize(width: 64, height: 32), path: "two.png")
        attachment.options = options
        return NotificationCard(
            headerTitle: "Shop", title: "Delivered", body: "Your parcel is at the door", attachment: attachment,
            state: .banner)
    }

    static func isBlue(_ pixel: SIMD4<UInt8>) -> Bool { pixel.z > 200 && pixel.x < 60 && pixel.y < 60 }

    @Test func theClipPicksThePartTheThumbnailShows() throws {
        let png = try Self.redThenBlue()
        let whole = try BannerLayoutTests.render(Self.card(AttachmentOptions()), image: png)
        #expect(TestImages.bounds(in: whole, where: TestImages.isRed) != nil)
        #expect(TestImages.bounds(in: whole, where: Self.isBlue) != nil)
        for (clip, red) in [
            (UnitRect(x: 0, y: 0, width: 0.5, height: 1), true), (UnitRect(x: 0.5, y: 0, width: 0.5, height: 1), false),
        ] {
            let image = try BannerLayoutTests.render(
                Self.card(AttachmentOptions(thumbnailClippingRect: clip)), image: png)
            #expect((TestImages.bounds(in: image, where: TestImages.isRed) != nil) == red)
            #expect((TestImages.bounds(in: image, where: Self.isBlue) != nil) == !red)
        }
    }

    @Test func aHiddenThumbnailIsNotDrawn() throws {
        let png = try Self.redThenBlue()
        let image = try BannerLayoutTests.render(Self.card(AttachmentOptions(thumbnailHidden: true)), image: png)
        #expect(TestImages.bounds(in: image, where: TestImages.isRed) == nil)
        #expect(TestImages.bounds(in: image, where: Self.isBlue) == nil)
    }
}
