import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import Testing

/// The styles measured on the pixels: the wallpaper around the platter, the blur under it (or the
/// solid fill with Reduce Transparency), iOS 26's rim, and the label's contrast on any wallpaper.
struct NotificationStyleTests {
    static let scale = 2
    static let margin = 8 * scale
    static let card = NotificationCard(
        headerTitle: "Mail", title: "Anna", body: "Lunch at one?", state: .banner)

    static func render(
        _ style: NotificationStyle, wallpaper: Wallpaper, appearance: Appearance = .light,
        reduceTransparency: Bool = false, card: NotificationCard = card
    ) throws -> RGBAImage {
        var renderer = CardPictureRenderer(
            width: 375, scale: scale, appearance: appearance, shaper: try SharedFonts.shaper())
        renderer.style = style
        renderer.wallpaper = wallpaper
        renderer.reduceTransparency = reduceTransparency
        return try renderer.render(card, attachmentImage: nil)
    }

    /// A black-and-white checkerboard of 4-pixel squares, 750 pixels wide: the picture's width at
    /// 2x, so covering it does not resample it across.
    static func checkerboard() throws -> Data {
        let size = PixelSize(width: 750, height: 400)
        var pixels = [UInt8](repeating: 255, count: size.pixelCount * 4)
        for y in 0..<size.height {
            for x in 0..<size.width where (x / 4 + y / 4) % 2 == 0 {
                pixels[(y * size.width + x) * 4] = 0
                pixels[(y * size.width + x) * 4 + 1] = 0
                pixels[(y * size.width + x) * 4 + 2] = 0
            }
        }
        return try ImageEncoder.encode(RGBAImage(size: size, pixels: pixels)).data
    }

    /// The mean difference between neighbouring pixels' green along row `y` from `x0` to `x1`.
    static func energy(_ image: RGBAImage, y: Int, x0: Int, x1: Int) -> Double {
        var sum = 0.0
        for x in x0..<x1 {
            sum += abs(Double(image.pixel(x: x + 1, y: y).y) - Double(image.pixel(x: x, y: y).y))
        }
        return sum / Double(x1 - x0)
    }

    @Test func theBuiltInWallpaperShowsAroundThePlatter() throws {
        for style in NotificationStyle.allCases {
            for appearance in Appearance.allCases {
                let image = try Self.render(style, wallpaper: .builtIn, appearance: appearance)
                let topLeft = image.pixel(x: 1, y: 1)
                let bottomRight = image.pixel(x: image.size.width - 2, y: image.size.height - 2)
                #expect(topLeft != bottomRight, "\(style) \(appearance): a gradient, not one colour")
                let platter = image.pixel(x: image.size.width / 2, y: Self.margin + 6)
                #expect(platter != topLeft, "\(style) \(appearance)")
            }
        }
        let red = RGBAColor(r: 220, g: 30, b: 40)
        let image = try Self.render(.ios26, wallpaper: .color(red))
        #expect(image.pixel(x: 0, y: 0) == SIMD4(220, 30, 40, 255))
    }

    @Test(arguments: NotificationStyle.allCases)
    func thePlatterBlursTheWallpaperBehindIt(style: NotificationStyle) throws {
        let wallpaper = Wallpaper.image(try Self.checkerboard())
        for appearance in Appearance.allCases {
            let image = try Self.render(style, wallpaper: wallpaper, appearance: appearance)
            // A row 5 points into the platter, above its text and clear of its corners.
            let y = Self.margin + 5 * Self.scale
            let beside = Self.energy(image, y: y, x0: 0, x1: Self.margin - 2)
            let under = Self.energy(image, y: y, x0: 100, x1: image.size.width - 100)
            #expect(beside > 40, "\(style) \(appearance): the checkerboard beside the platter, \(beside)")
            #expect(under < beside / 20, "\(style) \(appearance): under the platter \(under), beside \(beside)")
            let solid = try Self.render(style, wallpaper: wallpaper, appearance: appearance, reduceTransparency: true)
            #expect(Self.energy(solid, y: y, x0: 100, x1: solid.size.width - 100) == 0, "\(style) \(appearance)")
        }
    }

    @Test func onlyTheGlassHasABrightRim() throws {
        let black = Wallpaper.color(.black)
        for style in NotificationStyle.allCases {
            let image = try Self.render(style, wallpaper: black)
            let x = image.size.width / 2
            let edge = Int(image.pixel(x: x, y: Self.margin + 1).y)
            let inside = Int(image.pixel(x: x, y: Self.margin + 6 * Self.scale).y)
            if style == .ios26 {
                #expect(edge > inside + 10, "the rim \(edge), inside \(inside)")
            } else {
                #expect(abs(edge - inside) <= 3, "\(style): the edge \(edge), inside \(inside)")
            }
        }
    }

    /// WCAG's contrast ratio of two opaque sRGB colours.
    static func contrast(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Double {
        func luminance(_ pixel: SIMD4<UInt8>) -> Double {
            let channels = [pixel.x, pixel.y, pixel.z].map { value -> Double in
                let c = Double(value) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    static let wallpapers: [(String, RGBAColor)] = [
        ("black", .black), ("white", .white), ("yellow", RGBAColor(r: 255, g: 230, b: 0)),
        ("blue", RGBAColor(r: 0, g: 60, b: 255)), ("magenta", RGBAColor(r: 255, g: 0, b: 200)),
    ]

    @Test(arguments: NotificationStyle.allCases)
    func theLabelStaysLegibleOnAnyWallpaper(style: NotificationStyle) throws {
        for appearance in Appearance.allCases {
            for (name, color) in Self.wallpapers {
                let image = try Self.render(style, wallpaper: .color(color), appearance: appearance)
                // The title's ink: its darkest (light) or brightest (dark) pixel in the text column.
                let textX = (8 + 64) * Self.scale
                var ink = image.pixel(x: textX, y: image.size.height / 2)
                for y in Self.margin..<(image.size.height - Self.margin) {
                    for x in textX..<(textX + 60 * Self.scale) {
                        let pixel = image.pixel(x: x, y: y)
                        if appearance == .light ? pixel.y < ink.y : pixel.y > ink.y { ink = pixel }
                    }
                }
                // The platter under it: between the icon and the text column, where nothing is drawn.
                let platter = image.pixel(x: (8 + 58) * Self.scale, y: image.size.height / 2)
                let ratio = Self.contrast(ink, platter)
                #expect(ratio >= 4.5, "\(style) \(appearance) on \(name): contrast \(ratio)")
            }
        }
    }

    @Test func theActionsAreAListOfShortRowsBelowThePlatter() throws {
        let actions = [
            CardAction(identifier: "a", title: "Reply"),
            CardAction(identifier: "b", title: "Delete", isDestructive: true),
        ]
        let card = NotificationCard(headerTitle: "Mail", title: "Anna", body: "Lunch?", actions: actions)
        let none = NotificationCard(headerTitle: "Mail", title: "Anna", body: "Lunch?")
        for style in NotificationStyle.allCases {
            let with = try Self.render(style, wallpaper: .color(.black), card: card)
            let without = try Self.render(style, wallpaper: .color(.black), card: none)
            // iOS 18: 8 pt below the platter, 44 pt a row. iOS 26: 21 pt below it, 36 pt a row
            // between 10 pt of padding.
            let added = style == .ios18 ? 8 + 2 * 44 : 21 + 10 + 2 * 36 + 10
            #expect(with.size.height - without.size.height == added * Self.scale, "\(style)")
            // The destructive title is red.
            let rows = (without.size.height - Self.margin)..<with.size.height
            let red = rows.contains { y in
                (0..<with.size.width).contains { TestImages.isRed(with.pixel(x: $0, y: y)) }
            }
            #expect(red, "\(style): a red title")
        }
    }
}
