import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// A movie attachment is drawn as iOS draws it: its frame at the platter's full width and the
/// clip's aspect ratio under a play button, and as the banner's thumbnail.
struct MoviePosterTests {
    /// 64×48, red for its first second and blue after (Tests/Fixtures/media-frames).
    static let clip = TestPaths.packageFile("Tests/Fixtures/media-frames/mp4-red-then-blue.mp4")

    static func card(state: CardState) -> NotificationCard {
        NotificationCard(
            headerTitle: "Shop", title: "Watch", body: "Your clip",
            attachment: CardAttachment(
                name: "clip.mp4", kind: .movie, format: .mp4, pixelSize: PixelSize(width: 64, height: 48), duration: 2,
                path: clip.path),
            state: state)
    }

    static func render(_ card: NotificationCard, frame: RGBAImage?, appearance: Appearance = .light) throws
        -> RGBAImage
    {
        var renderer = CardPictureRenderer(
            width: 375, scale: 2, appearance: appearance, shaper: try SharedFonts.shaper())
        renderer.attachmentFrame = frame
        return try renderer.render(card, attachmentImage: nil)
    }

    static func isBlue(_ pixel: SIMD4<UInt8>) -> Bool { pixel.z > 200 && pixel.x < 60 && pixel.y < 60 }

    @Test func theFrameFillsThePlatterWidthAtTheClipsAspectRatio() throws {
        let data = try Data(contentsOf: Self.clip)
        let frame = try MovieFrameDecoder.posterFrame(of: data, pixelLimit: 1 << 24)
        let image = try Self.render(Self.card(state: .expanded), frame: frame.image)
        let red = try #require(TestImages.bounds(in: image, where: TestImages.isRed))
        let width = Double(red.maxX - red.minX + 1)
        let height = Double(red.maxY - red.minY + 1)
        // 375 pt less two 8 pt margins at 2×: 718 pixels wide, 48/64 of that tall.
        #expect(abs(width - 718) <= 2, "frame \(width) wide")
        #expect(abs(height - 718 * 0.75) <= 3, "frame \(height) tall")
        // Without a frame, today's play button: no red at all, and the card is much shorter.
        let plain = try Self.render(Self.card(state: .expanded), frame: nil)
        #expect(TestImages.bounds(in: plain, where: TestImages.isRed) == nil)
        #expect(plain.size.height < image.size.height - 300)
    }

    /// The play button stands out from any frame in either appearance: its glyph against its disc
    /// at 4.5:1 or more, and its ring apart from the frame, on a white frame and on a black one.
    @Test(arguments: Appearance.allCases)
    func thePlayButtonShowsOnAnyFrame(appearance: Appearance) throws {
        func solid(_ colour: SIMD4<UInt8>) -> RGBAImage {
            RGBAImage(
                size: PixelSize(width: 64, height: 48),
                pixels: Array((0..<64 * 48).flatMap { _ in [colour.x, colour.y, colour.z, 255] }))
        }
        func luminance(_ pixel: SIMD4<UInt8>) -> Double {
            func linear(_ value: UInt8) -> Double {
                let c = Double(value) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(pixel.x) + 0.7152 * linear(pixel.y) + 0.0722 * linear(pixel.z)
        }
        func contrast(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Double {
            let (l1, l2) = (luminance(a), luminance(b))
            return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
        }
        let green = try Self.render(
            Self.card(state: .expanded), frame: solid([0, 255, 0, 255]), appearance: appearance)
        let area = try #require(TestImages.bounds(in: green) { $0.y > 200 && $0.x < 60 && $0.z < 60 })
        let centre = ((area.minX + area.maxX) / 2, (area.minY + area.maxY) / 2)
        let radius = 56  // 56 pt across at 2×
        for colour: SIMD4<UInt8> in [[255, 255, 255, 255], [0, 0, 0, 255]] {
            let image = try Self.render(Self.card(state: .expanded), frame: solid(colour), appearance: appearance)
            let glyph = image.pixel(x: centre.0, y: centre.1)
            let disc = image.pixel(x: centre.0, y: centre.1 - radius * 6 / 10)
            let ring = image.pixel(x: centre.0, y: centre.1 - radius + 2)
            #expect(contrast(glyph, disc) >= 4.5, "\(appearance) on \(colour): glyph \(glyph), disc \(disc)")
            #expect(
                contrast(ring, colour) >= 1.4 || contrast(disc, colour) >= 3, "\(appearance) on \(colour): ring \(ring)"
            )
        }
    }

    @Test func theThumbnailTimePicksTheFrame() throws {
        let data = try Data(contentsOf: Self.clip)
        let later = try MovieFrameDecoder.posterFrame(of: data, at: 1.5, pixelLimit: 1 << 24)
        for state in CardState.allCases {
            let image = try Self.render(Self.card(state: state), frame: later.image)
            #expect(TestImages.bounds(in: image, where: Self.isBlue) != nil, "\(state)")
            #expect(TestImages.bounds(in: image, where: TestImages.isRed) == nil, "\(state)")
        }
    }

    @Test func theBannerThumbnailIsTheFrame() throws {
        let data = try Data(contentsOf: Self.clip)
        let frame = try MovieFrameDecoder.posterFrame(of: data, pixelLimit: 1 << 24)
        let image = try Self.render(Self.card(state: .banner), frame: frame.image)
        let red = try #require(TestImages.bounds(in: image, where: TestImages.isRed))
        // A 38 pt square at 2× in a 66 pt banner, the 4:3 frame cropped to it.
        #expect(abs(red.maxY - red.minY + 1 - 76) <= 2 && abs(red.maxX - red.minX + 1 - 76) <= 2)
    }
}
