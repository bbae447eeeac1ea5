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

    static func redAttachment(width: Int, height: Int) throws -> (data: Data, attachment: CardAttachment) {
        let png = try TestImages.solidPNG(width: width, height: height)
        let attachment = CardAttachment(
            name: "red.png", kind: .image, format: .png, pixelSize: PixelSize(width: width, height: height),
            path: "red.png")
        return (png, attachment)
    }

    /// The platter's edges in `image`: the rows and columns that are not the backdrop's colour
    /// along the platter's middle row and column.
    static func platter(in image: RGBAImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
        let backdrop = image.pixel(x: 0, y: 0)
        let middleY = image.size.height / 2
        let middleX = image.size.width / 2
        let xs = (0..<image.size.width).filter { image.pixel(x: $0, y: middleY) != backdrop }
        let ys = (0..<image.size.height).filter { image.pixel(x: middleX, y: $0) != backdrop }
        return (xs.first ?? 0, xs.last ?? 0, ys.first ?? 0, ys.last ?? 0)
    }

    static let bannerTexts: [(title: String, body: String)] = [
        ("Delivered", "Your parcel is at the door"),
        ("Delivered", Self.longTitle + " " + Self.longTitle),
        (Self.longTitle, "Tap"),
    ]

    @Test(arguments: [1, 2, 3])
    func theThumbnailHasEqualTopBottomAndTrailingInsets(scale: Int) throws {
        let red = try Self.redAttachment(width: 64, height: 64)
        for text in Self.bannerTexts {
            let card = NotificationCard(
                headerTitle: "Shop", title: text.title, body: text.body, attachment: red.attachment, state: .banner)
            let image = try Self.render(card, image: red.data, scale: scale)
            let thumbnail = try #require(TestImages.bounds(in: image, where: TestImages.isRed))
            let platter = Self.platter(in: image)
            let points = Double(scale)
            let top = Double(thumbnail.minY - platter.minY) / points
            let bottom = Double(platter.maxY - thumbnail.maxY) / points
            let trailing = Double(platter.maxX - thumbnail.maxX) / points
            #expect(
                abs(top - bottom) <= 1 && abs(top - trailing) <= 1,
                "top \(top), bottom \(bottom), trailing \(trailing) pt")
            #expect(top >= 12, "\(top) pt from the top")
            // Square, whatever the text's height.
            #expect(abs((thumbnail.maxX - thumbnail.minX) - (thumbnail.maxY - thumbnail.minY)) <= 1)
        }
    }

    @Test func theThumbnailStaysInsideTheCornerCurve() throws {
        let red = try Self.redAttachment(width: 64, height: 64)
        let card = NotificationCard(
            headerTitle: "Shop", title: "Delivered", body: "At the door", attachment: red.attachment, state: .banner)
        let image = try Self.render(card, image: red.data, scale: 3)
        let platter = Self.platter(in: image)
        // Every red pixel is inside the platter's rounded outline: within the corner's circle
        // when it lies in a corner square.
        let radius = 23.5 * 3
        for y in 0..<image.size.height {
            for x in 0..<image.size.width where TestImages.isRed(image.pixel(x: x, y: y)) {
                let cornerX = Double(platter.maxX) - radius
                let cornerYTop = Double(platter.minY) + radius
                let cornerYBottom = Double(platter.maxY) - radius
                guard Double(x) > cornerX else { continue }
                let dy = Double(y) < cornerYTop ? cornerYTop - Double(y) : max(0, Double(y) - cornerYBottom)
                let distance = ((Double(x) - cornerX) * (Double(x) - cornerX) + dy * dy).squareRoot()
                #expect(distance <= radius - 3 * 3, "red at \(x),\(y) is \(distance) px from the corner's centre")
            }
        }
    }

    @Test func aPortraitPhotoFillsTheSquareThumbnail() throws {
        let portrait = try Self.redAttachment(width: 600, height: 1067)
        let square = try Self.redAttachment(width: 64, height: 64)
        func thumbnail(_ red: (data: Data, attachment: CardAttachment)) throws -> (width: Int, height: Int) {
            let card = NotificationCard(
                headerTitle: "Photos", title: "Anna", body: "Sent a photo", attachment: red.attachment, state: .banner)
            let bounds = try #require(
                TestImages.bounds(in: try Self.render(card, image: red.data), where: TestImages.isRed))
            return (bounds.maxX - bounds.minX + 1, bounds.maxY - bounds.minY + 1)
        }
        let tall = try thumbnail(portrait)
        let reference = try thumbnail(square)
        #expect(tall.width == tall.height && tall.width == reference.width, "\(tall) against \(reference)")
        #expect(tall.width >= 70, "a 38 pt square at 2x, not a sliver: \(tall)")
    }

    @Test func theTimeStaysLeftOfTheThumbnail() throws {
        let red = try Self.redAttachment(width: 64, height: 64)
        let card = NotificationCard(
            headerTitle: "Shop", title: Self.longTitle, body: "Your parcel is at the door", attachment: red.attachment,
            state: .banner)
        var timeless = card
        timeless.time = ""
        let withThumbnail = try Self.render(card, image: red.data)
        let time = try #require(Self.difference(withThumbnail, try Self.render(timeless, image: red.data)))
        let thumbnail = try #require(TestImages.bounds(in: withThumbnail, where: TestImages.isRed))
        #expect(
            time.maxX < thumbnail.minX - 2 * 8,
            "the time ends at x=\(time.maxX), the thumbnail starts at \(thumbnail.minX)")
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
