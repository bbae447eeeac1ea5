import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import Testing

@testable import RichPreviewRendering

/// `UNNotificationActionIcon` in the action list: an SF Symbol drawn as its stand-in glyph, a
/// template image through its alpha, both in the title's colour at the row's trailing end, and an
/// icon that cannot be drawn leaving the row as it is without one, with the reason.
struct ActionIconTests {
    static func renderer(appearance: Appearance = .light, scale: Int = 2) throws -> CardPictureRenderer {
        var renderer = CardPictureRenderer(
            width: 375, scale: scale, appearance: appearance, shaper: try SharedFonts.shaper())
        renderer.wallpaper = .color(RGBAColor(hex: 0xD1D1D6))
        renderer.reduceTransparency = true
        return renderer
    }

    static func card(_ actions: [CardAction]) -> NotificationCard {
        NotificationCard(headerTitle: "Tasks", title: "Water the plants", body: "Due today", actions: actions)
    }

    /// The pixels where `a` and `b` differ: their bounding box, nil when none do.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<a.size.height {
            for x in 0..<a.size.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// The darkest pixel of `image` inside the box.
    static func inked(_ image: RGBAImage, _ box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> SIMD4<UInt8> {
        var darkest = SIMD4<UInt8>(255, 255, 255, 255)
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX {
                let pixel = image.pixel(x: x, y: y)
                let sum = Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])
                if sum < Int(darkest[0]) + Int(darkest[1]) + Int(darkest[2]) { darkest = pixel }
            }
        }
        return darkest
    }

    /// Every stand-in the table names is a glyph of the installed symbol font, of its own (its
    /// ligature formed); a name the font lacks, or a plain letter, is not.
    @Test func everyStandInIsAGlyphOfTheSymbolFont() throws {
        let fonts = try SharedFonts.fonts()
        let style = TextStyle(size: 44)
        for (symbol, material) in ActionSymbolNames.materialName.sorted(by: { $0.key < $1.key }) {
            let line = try fonts.symbol(material, style: style)
            #expect(line.glyphs.count == 1 && line.width > 0, "\(symbol) → \(material)")
        }
        #expect(throws: FontSet.SymbolProblem.noGlyph(materialName: "no_such_icon")) {
            try fonts.symbol("no_such_icon", style: style)
        }
        #expect(throws: FontSet.SymbolProblem.noGlyph(materialName: "a")) { try fonts.symbol("a", style: style) }
    }

    /// The SF Symbols real apps' notification actions name (a survey of 26 apps and SDKs,
    /// Benchmarks/README.md) each have a stand-in.
    @Test func theSymbolsAppsUseHaveStandIns() {
        let used = [
            "hand.thumbsup", "arrowshape.turn.up.left", "checkmark", "xmark", "xmark.circle", "heart.fill",
            "forward.fill", "backward.fill", "arrow.up.forward.square", "checkmark.bubble", "checkmark.circle.fill",
            "doc.on.doc", "envelope.open", "hand.thumbsdown", "hare", "person.crop.circle.badge.checkmark",
            "person.crop.circle.badge.xmark", "phone", "text.bubble", "trash.fill", "speaker.slash", "phone.fill",
            "arrowshape.turn.up.left.2", "cabinet", "doc.text.magnifyingglass", "envelope.open.fill", "eye",
            "globe.europe.africa", "moon.zzz.fill", "multiply", "pencil", "recordingtape", "refrigerator",
            "snowflake", "video.fill",
        ]
        #expect(used.count == 35)
        #expect(used.filter { ActionSymbolNames.materialName(for: $0) == nil } == [])
    }

    @Test func aSymbolNotInTheTableFallsBackToItsBase() {
        #expect(ActionSymbolNames.materialName(for: "trash") == "delete_outline")
        #expect(ActionSymbolNames.materialName(for: "trash.fill") == "delete")
        #expect(ActionSymbolNames.materialName(for: "trash.circle.fill") == "delete_outline")
        #expect(ActionSymbolNames.materialName(for: "xmark.octagon.fill") == nil)
        #expect(ActionSymbolNames.materialName(for: "") == nil)
        #expect(ActionSymbolNames.materialName(for: ".fill.fill.fill.fill.fill") == nil)
    }

    /// The symbol changes only its place in its row: at the trailing end in iOS 18's menu, before
    /// the title in iOS 26's (centred under the platter, the icon's centre 31 pt from its edge);
    /// in the title's colour: the label's for an ordinary action, red for a destructive one.
    @Test(arguments: [
        (NotificationStyle.ios18, Appearance.light), (.ios18, .dark), (.ios26, .light), (.ios26, .dark),
    ])
    func aSymbolIsDrawnInItsPlaceInTheTitlesColour(style: NotificationStyle, appearance: Appearance) throws {
        var renderer = try Self.renderer(appearance: appearance)
        renderer.style = style
        let menu = renderer.look.actionMenu
        // Icons that cannot be drawn keep iOS 26's column before the titles, as drawn ones do.
        let unknown = ActionIcon.systemImage("no.such.symbol")
        let plain = [
            CardAction(identifier: "done", title: "Done", icon: unknown),
            CardAction(identifier: "delete", title: "Delete", isDestructive: true, icon: unknown),
        ]
        var withIcons = plain
        withIcons[0].icon = ActionIcon(kind: .systemImage, name: "checkmark")
        let without = try renderer.render(Self.card(plain), attachmentImage: nil)
        let done = try renderer.render(Self.card(withIcons), attachmentImage: nil)
        let doneBox = try #require(Self.difference(without, done))
        let s = 2.0
        // The platter is 8 pt from each side of the 375 pt picture; the menu is centred under it.
        let menuWidth = menu.width ?? 359
        let menuX = 8 + (359 - menuWidth) / 2
        let slot =
            menu.leadingIconCentre.map { (menuX + $0 - menu.iconSize / 2)...(menuX + $0 + menu.iconSize / 2) }
            ?? (menuX + menuWidth - menu.trailingInset - menu.iconSize)...(menuX + menuWidth - menu.trailingInset)
        #expect(
            Double(doneBox.minX) >= slot.lowerBound * s - 1 && Double(doneBox.maxX) <= slot.upperBound * s + 1,
            "\(doneBox) \(slot)")
        #expect(Double(doneBox.maxY - doneBox.minY) < menu.iconSize * s)
        #expect(renderer.undrawnActionIcons(withIcons).count == 1)
        let ink = Self.inked(done, doneBox)
        if appearance == .light {
            #expect(ink[0] < 60 && ink[1] < 60 && ink[2] < 60, "\(ink)")
        } else {
            #expect(Int(ink[0]) + Int(ink[1]) + Int(ink[2]) < 3 * 255, "\(ink)")
        }

        withIcons[0].icon = unknown
        withIcons[1].icon = ActionIcon(kind: .systemImage, name: "trash")
        let delete = try renderer.render(Self.card(withIcons), attachmentImage: nil)
        let deleteBox = try #require(Self.difference(without, delete))
        #expect(deleteBox.minX == doneBox.minX || abs(deleteBox.minX - doneBox.minX) < 4)
        #expect(deleteBox.minY > doneBox.maxY)
        var reddest = 0
        for y in deleteBox.minY...deleteBox.maxY {
            for x in deleteBox.minX...deleteBox.maxX {
                let pixel = delete.pixel(x: x, y: y)
                reddest = max(reddest, Int(pixel[0]) - Int(pixel[1]))
            }
        }
        #expect(reddest > 120, "the trash can is drawn in the destructive red")
    }

    /// iOS 26's menu keeps a column for icons before every title when any action has one; a menu
    /// without icons starts its titles where the icons would.
    @Test func iOS26TitlesMakeRoomForIconsOnlyWhenAnActionHasOne() throws {
        let renderer = try Self.renderer()
        let menu = renderer.look.actionMenu
        func titleStart(_ actions: [CardAction]) throws -> Double {
            var bare = actions
            bare[1].title = ""
            let image = try renderer.render(Self.card(actions), attachmentImage: nil)
            let without = try renderer.render(Self.card(bare), attachmentImage: nil)
            return Double(try #require(Self.difference(image, without)).minX) / 2
        }
        let plain = [CardAction(identifier: "a", title: "Open"), CardAction(identifier: "b", title: "Later")]
        var iconned = plain
        iconned[0].icon = ActionIcon(kind: .systemImage, name: "checkmark")
        let menuX = 8 + (359 - (menu.width ?? 359)) / 2
        #expect(abs(try titleStart(plain) - (menuX + menu.titleInsetWithoutIcons)) < 2)
        #expect(abs(try titleStart(iconned) - (menuX + menu.titleInset)) < 2)
    }

    /// A symbol without a stand-in is drawn as nothing, as an unknown symbol is on iOS, and the
    /// renderer says why (iOS 18's trailing icons move nothing else).
    @Test func aSymbolWithoutAStandInLeavesTheRowAsItIs() throws {
        var renderer = try Self.renderer()
        renderer.style = .ios18
        let plain = [CardAction(identifier: "walk", title: "Log a walk")]
        var iconned = plain
        iconned[0].icon = ActionIcon(kind: .systemImage, name: "shoe.2")
        #expect(
            try renderer.render(Self.card(iconned), attachmentImage: nil)
                == (try renderer.render(Self.card(plain), attachmentImage: nil)))
        let undrawn = renderer.undrawnActionIcons(iconned)
        #expect(undrawn.count == 1 && undrawn.first?.reason.contains("'shoe.2' has no stand-in glyph") == true)
    }

    /// A template image is drawn in the title's colour through its own alpha, whatever its own
    /// colours; it is fitted into the slot, and a small one is not enlarged (iOS 18's trailing slot).
    @Test func aTemplateImageIsDrawnThroughItsAlpha() throws {
        var renderer = try Self.renderer()
        renderer.style = .ios18
        // A 10 × 10 blue square with a transparent border of 2 pixels, and a 200 × 100 one.
        func square(_ width: Int, _ height: Int) throws -> Data {
            var pixels: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= 2 && y >= 2 && x < width - 2 && y < height - 2
                    pixels += inside ? [20, 60, 230, 255] : [0, 0, 0, 0]
                }
            }
            return try ImageEncoder.encode(RGBAImage(size: PixelSize(width: width, height: height), pixels: pixels))
                .data
        }
        renderer.actionImages = ["Small": try square(10, 10), "Wide": try square(200, 100)]
        let plain = [CardAction(identifier: "a", title: "Reply")]
        let without = try renderer.render(Self.card(plain), attachmentImage: nil)
        var iconned = plain
        iconned[0].icon = ActionIcon(kind: .templateImage, name: "Small")
        let small = try renderer.render(Self.card(iconned), attachmentImage: nil)
        let smallBox = try #require(Self.difference(without, small))
        #expect(smallBox.maxX - smallBox.minX + 1 == 6 && smallBox.maxY - smallBox.minY + 1 == 6, "\(smallBox)")
        let ink = Self.inked(small, smallBox)
        #expect(ink[2] < 60 && ink[0] < 60, "drawn in the label's black, not the image's blue: \(ink)")

        iconned[0].icon = ActionIcon(kind: .templateImage, name: "Wide")
        let wide = try renderer.render(Self.card(iconned), attachmentImage: nil)
        let wideBox = try #require(Self.difference(without, wide))
        let slot = Int(renderer.look.actionMenu.iconSize) * 2
        #expect(wideBox.maxX - wideBox.minX + 1 <= slot && wideBox.maxX - wideBox.minX + 1 >= slot - 4, "\(wideBox)")
        #expect(wideBox.maxY - wideBox.minY + 1 <= slot / 2, "\(wideBox)")

        iconned[0].icon = ActionIcon(kind: .templateImage, name: "Missing")
        #expect(try renderer.render(Self.card(iconned), attachmentImage: nil) == without)
        #expect(renderer.undrawnActionIcons(iconned).first?.reason.contains("no image 'Missing'") == true)
        renderer.actionImages["Broken"] = Data([0x89, 0x50, 0x4E, 0x47])
        iconned[0].icon = ActionIcon(kind: .templateImage, name: "Broken")
        #expect(try renderer.render(Self.card(iconned), attachmentImage: nil) == without)
        #expect(renderer.undrawnActionIcons(iconned).first?.reason.contains("image 'Broken' is not drawn") == true)
    }

    /// Without the symbol font, symbols are left out and each says which package to install.
    @Test func withoutTheSymbolFontSymbolsSayWhatToInstall() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("richpreview-nosymbols-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inter = try #require(try SharedFonts.fonts().sources.first?.files[.regular]?.path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Inter-Regular.otf").path, withDestinationPath: inter)
        let fonts = try FontSet.system(searchPaths: [folder.path])
        let renderer = CardPictureRenderer(width: 375, scale: 2, appearance: .light, shaper: TextShaper(fonts: fonts))
        let undrawn = renderer.undrawnActionIcons([
            CardAction(identifier: "a", title: "Done", icon: ActionIcon(kind: .systemImage, name: "checkmark"))
        ])
        #expect(undrawn.first?.reason.contains("fonts-material-design-icons-iconfont") == true, "\(undrawn)")
    }
}
