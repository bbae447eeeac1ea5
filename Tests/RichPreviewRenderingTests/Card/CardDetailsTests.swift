import Foundation
import RichPreview
import RichPreviewMedia
import RichPreviewRendering
import Testing

/// Details of the card as iOS draws it: the app's icon whatever the header says, an action row
/// with its title only, the newer iPhones among the devices.
struct CardDetailsTests {
    static func render(_ card: NotificationCard) throws -> RGBAImage {
        try CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: try SharedFonts.shaper())
            .render(card, attachmentImage: nil)
    }

    /// Whether `a` and `b` have the same pixels in the columns before `x` and the rows before `y`.
    static func same(_ a: RGBAImage, _ b: RGBAImage, beforeX x: Int, beforeY y: Int) -> Bool {
        guard a.size == b.size else { return false }
        for row in 0..<min(y, a.size.height) {
            for column in 0..<min(x, a.size.width) where a.pixel(x: column, y: row) != b.pixel(x: column, y: row) {
                return false
            }
        }
        return true
    }

    @Test func anOverriddenTitleKeepsTheAppsIcon() throws {
        let app = NotificationCard(headerTitle: "Shop", title: "Sale", body: "Half price")
        var overridden = app
        overridden.headerTitle = "Order Tracker"
        overridden.appName = "Shop"
        var rebuilt = app
        rebuilt.headerTitle = "Order Tracker"
        // The icon: 16 pt from the edge, 20 pt wide, in the 52 pt header (at 2×, after the 8 pt margin).
        let iconEnd = (8 + 16 + 20) * 2
        let headerEnd = (8 + 52) * 2
        #expect(Self.same(try Self.render(app), try Self.render(overridden), beforeX: iconEnd, beforeY: headerEnd))
        #expect(!Self.same(try Self.render(app), try Self.render(rebuilt), beforeX: iconEnd, beforeY: headerEnd))
    }

    @Test func aTextInputActionShowsItsTitleOnly() throws {
        let reply = NotificationCard(
            headerTitle: "Chat", body: "Lunch?",
            actions: [CardAction(identifier: "reply", title: "Reply", textInputButtonTitle: "Send")])
        var plain = reply
        plain.actions = [CardAction(identifier: "reply", title: "Reply")]
        #expect(try Self.render(reply) == (try Self.render(plain)))
        let text = TerminalCardRenderer(style: .text, columns: 40).render(reply, image: nil)
        #expect(text.contains("Reply") && !text.contains("Send") && !text.contains("⌨"))
    }

    @Test func theIPhone16FamilyIsListed() {
        #expect(DevicePreset.named("iPhone 16 Pro")?.width == 402)
        #expect(DevicePreset.named("iphone-16-pro-max")?.width == 440)
        #expect(DevicePreset.named("iPhone 16")?.width == 393)
        #expect(DevicePreset.all.allSatisfy { $0.scale >= 2 })
    }
}

/// Separators are one device pixel at every scale, each filling one pixel row.
struct CardSeparatorTests {
    /// The rows near `y` in column `x` whose colour is neither the one above nor the one below.
    static func separatorRows(_ image: RGBAImage, x: Int, around y: Int) -> Int {
        let above = image.pixel(x: x, y: y - 4)
        let below = image.pixel(x: x, y: y + 4)
        return ((y - 3)...(y + 3)).filter {
            let pixel = image.pixel(x: x, y: $0)
            return pixel != above && pixel != below
        }.count
    }

    @Test(arguments: [1, 2, 3])
    func actionSeparatorsAreOneDevicePixel(scale: Int) throws {
        let card = NotificationCard(
            headerTitle: "Shop", title: "Sale", body: "Half price",
            actions: [CardAction(identifier: "a", title: "Open"), CardAction(identifier: "b", title: "Later")])
        var renderer = CardPictureRenderer(
            width: 375, scale: scale, appearance: .light, shaper: try SharedFonts.shaper())
        renderer.wallpaper = .color(RGBAColor(hex: 0xD1D1D6))
        renderer.reduceTransparency = true
        renderer.style = .ios18
        let image = try renderer.render(card, attachmentImage: nil)
        let s = Double(scale)
        // A column right of the texts: 300 pt from the left.
        let x = Int(300 * s)
        // Between the two action rows, 44 pt each, at the bottom of the picture less its margin.
        let between = image.size.height - Int((8 + 44) * s)
        #expect(Self.separatorRows(image, x: x, around: between) == 1, "action separator at \(scale)×")
        // iOS 26's menu has none: 36 pt rows under 10 pt of padding, in a column inside its 245 pt.
        renderer.style = .ios26
        let glass = try renderer.render(card, attachmentImage: nil)
        let between26 = glass.size.height - Int((8 + 10 + 36) * s)
        #expect(Self.separatorRows(glass, x: Int(250 * s), around: between26) == 0, "no separator at \(scale)×")
    }
}

/// An image letterboxed inside a content extension's area keeps square corners; only corners it
/// shares with the platter's are rounded.
struct CardImageCornerTests {
    @Test func aLetterboxedImageHasSquareCorners() throws {
        let card = NotificationCard(
            headerTitle: "Photos", title: "New photo", showsDefaultContent: false,
            extensionArea: ExtensionArea(heightRatio: 1, extensionFile: "Content/Info.plist"),
            attachment: CardAttachment(
                name: "wide.png", kind: .image, format: .png, pixelSize: PixelSize(width: 400, height: 100),
                path: "wide.png"))
        let image = try CardPictureRenderer(width: 375, scale: 1, appearance: .light, shaper: try SharedFonts.shaper())
            .render(card, attachmentImage: try TestImages.solidPNG(width: 400, height: 100))
        // The red band's corners: its first and last rows, at the platter's left and right edges.
        let column = image.size.width / 2
        let rows = (0..<image.size.height).filter { TestImages.isRed(image.pixel(x: column, y: $0)) }
        let top = try #require(rows.first)
        let bottom = try #require(rows.last)
        let left = 8
        let right = image.size.width - 9
        for (x, y) in [(left, top), (right, top), (left, bottom), (right, bottom)] {
            #expect(TestImages.isRed(image.pixel(x: x, y: y)), "corner (\(x), \(y)) is cut")
        }
    }
}

/// An attachment iOS cannot show leaves the text alone, as iOS shows it: no reason painted in the
/// card, no thumbnail, the same picture as the card without an attachment, expanded and as a
/// banner (the reason goes to the findings and to standard error).
struct CardAttachmentProblemTests {
    @Test(arguments: CardState.allCases)
    func anAttachmentThatCannotBeShownLeavesTheTextAlone(state: CardState) throws {
        let problem =
            "the file is 12,582,912 bytes, over the 10,485,760-byte limit iOS sets for images, so the service extension's attachment is refused"
        let broken = NotificationCard(
            headerTitle: "Photos", title: "New photo", body: "From the beach",
            attachment: CardAttachment(name: "big.png", kind: .image, problem: problem), state: state)
        var plain = broken
        plain.attachment = nil
        let renderer = CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: try SharedFonts.shaper())
        let drawn = try renderer.render(broken, attachmentImage: nil)
        let same = try drawn.pixels == renderer.render(plain, attachmentImage: nil).pixels
        #expect(same, "\(state)")
        let terminal = TerminalCardRenderer(style: .text, columns: 50)
        let text = terminal.render(broken, image: nil)
        #expect(text == terminal.render(plain, image: nil), "\(state)")
        #expect(!text.contains("not shown"))
    }
}

/// Time-sensitive and critical notifications carry their label above the title in the picture.
struct CardInterruptionLabelTests {
    @Test func theLabelIsDrawnAboveTheTitle() throws {
        let renderer = CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: try SharedFonts.shaper())
        var card = NotificationCard(headerTitle: "Door", title: "Front door open", body: "Since 9:41")
        let plain = try renderer.render(card, attachmentImage: nil)
        card.interruptionLevel = .timeSensitive
        let labelled = try renderer.render(card, attachmentImage: nil)
        #expect(labelled.size.height > plain.size.height, "the label takes a line of its own")
    }
}

/// `appIcon` draws the app's own icon, filled and rounded, where the initial's tile goes.
struct CardAppIconTests {
    @Test func theGivenIconIsDrawnInTheHeader() throws {
        let blue = try TestImages.solidPNG(width: 60, height: 60, color: TestImages.blue)
        var renderer = CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: try SharedFonts.shaper())
        let card = NotificationCard(headerTitle: "Shop", title: "Sale", body: "Half price")
        // The header icon's centre: 16 pt + 10 pt from the platter's edge, 26 pt down (at 2×).
        let (x, y) = ((8 + 16 + 10) * 2, (8 + 26) * 2)
        let tile = try renderer.render(card, attachmentImage: nil).pixel(x: x, y: y)
        renderer.appIcon = blue
        let icon = try renderer.render(card, attachmentImage: nil).pixel(x: x, y: y)
        #expect(icon == TestImages.blue && tile != icon)
        // Bytes that are no image draw the tile, as without an icon.
        renderer.appIcon = Data("not an image".utf8)
        #expect(try renderer.render(card, attachmentImage: nil).pixel(x: x, y: y) == tile)
    }
}
