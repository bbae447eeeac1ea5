import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import Testing

/// Stacks as the lock screen draws them, measured on the pixels against the cards drawn alone:
/// the edges under a collapsed stack, its summary line, the expanded list, several stacks.
struct NotificationStackRendererTests {
    /// Solid platters on a plain wallpaper, so that a card's pixels do not depend on what it
    /// stands on and every measure below is exact.
    static func cardRenderer(scale: Int = 2, appearance: Appearance = .light) throws -> CardPictureRenderer {
        var renderer = CardPictureRenderer(
            width: 375, scale: scale, appearance: appearance, shaper: try SharedFonts.shaper())
        renderer.wallpaper = .color(appearance == .light ? RGBAColor(hex: 0xD1D1D6) : .black)
        renderer.reduceTransparency = true
        return renderer
    }

    static func renderer(scale: Int = 2, appearance: Appearance = .light) throws -> NotificationStackRenderer {
        NotificationStackRenderer(cardRenderer: try cardRenderer(scale: scale, appearance: appearance))
    }

    static let cards = [
        NotificationCard(headerTitle: "Messages", title: "Anna", body: "See you there!", state: .banner),
        NotificationCard(headerTitle: "Messages", title: "Anna", body: "I booked a table at noon.", state: .banner),
        NotificationCard(
            headerTitle: "Messages", title: "Anna",
            body: "Are we still on for lunch? I could also do Thursday if today is too busy for you.", state: .banner),
    ]

    static func stack(_ count: Int, summary: String? = nil) -> NotificationStackRenderer.Stack {
        NotificationStackRenderer.Stack(
            cards: (0..<count).map { NotificationStackRenderer.StackedCard(cards[$0 % cards.count]) }, summary: summary)
    }

    /// Whether rows `rows` of `a` and `b` (of the same width) hold the same pixels.
    static func sameRows(_ a: RGBAImage, _ b: RGBAImage, _ rows: Range<Int>, offsetInB: Int = 0) -> Bool {
        guard a.size.width == b.size.width else { return false }
        return rows.allSatisfy { y in
            (0..<a.size.width).allSatisfy { x in a.pixel(x: x, y: y) == b.pixel(x: x, y: y + offsetInB) }
        }
    }

    /// Whether any pixel of rows `rows` differs from the backdrop (the picture's top-left pixel).
    static func hasInk(_ image: RGBAImage, rows: Range<Int>) -> Bool {
        let backdrop = image.pixel(x: 0, y: 0)
        return rows.contains { y in (0..<image.size.width).contains { image.pixel(x: $0, y: y) != backdrop } }
    }

    @Test(arguments: NotificationStackRenderer.Layout.allCases)
    func aStackOfOneIsItsCardAlone(layout: NotificationStackRenderer.Layout) throws {
        let card = try Self.cardRenderer().render(Self.cards[0], attachmentImage: nil)
        let stack = try Self.renderer().render(Self.stack(1, summary: "ignored"), layout: layout)
        #expect(stack.size == card.size)
        let same = stack.pixels == card.pixels
        #expect(same, "the card's picture, pixel for pixel")
    }

    @Test(arguments: [1, 2, 3])
    func aCollapsedStackIsTallerThanItsTopCardByTheEdges(scale: Int) throws {
        let card = try Self.cardRenderer(scale: scale).render(Self.cards[0], attachmentImage: nil)
        let renderer = try Self.renderer(scale: scale)
        let peek = 8 * scale
        #expect(try renderer.render(Self.stack(2), layout: .collapsed).size.height == card.size.height + peek)
        #expect(try renderer.render(Self.stack(3), layout: .collapsed).size.height == card.size.height + 2 * peek)
        // At most two edges, however many notifications are under the top one.
        #expect(try renderer.render(Self.stack(6), layout: .collapsed).size.height == card.size.height + 2 * peek)
        #expect(try renderer.render(Self.stack(3), layout: .collapsed).size.width == 375 * scale)
    }

    @Test(arguments: Appearance.allCases)
    func theEdgesPeekOutNarrowerAndLighterThanTheCardAbove(appearance: Appearance) throws {
        let scale = 2
        let card = try Self.cardRenderer(appearance: appearance).render(Self.cards[0], attachmentImage: nil)
        let stack = try Self.renderer(appearance: appearance).render(Self.stack(3), layout: .collapsed)
        let backdrop = stack.pixel(x: 0, y: 0)
        let cardBottom = card.size.height - 8 * scale
        let middle = stack.size.width / 2
        let firstEdge = stack.pixel(x: middle, y: cardBottom + 4 * scale)
        let secondEdge = stack.pixel(x: middle, y: cardBottom + 12 * scale)
        #expect(firstEdge != backdrop)
        #expect(secondEdge != backdrop)
        #expect(firstEdge != secondEdge, "the second edge is more translucent than the first")
        #expect(firstEdge != card.pixel(x: middle, y: cardBottom - 4 * scale), "the edge is not the top card")
        // Each edge is 8 pt narrower at each side than the card above it.
        let margin = 8 * scale
        #expect(stack.pixel(x: margin + 2, y: cardBottom + 4 * scale) == backdrop)
        #expect(stack.pixel(x: margin + 8 * scale + 2, y: cardBottom + 12 * scale) == backdrop)
        #expect(stack.pixel(x: stack.size.width - margin - 3, y: cardBottom + 4 * scale) == backdrop)
        // Nothing below the last edge but the bottom margin.
        #expect(!Self.hasInk(stack, rows: (cardBottom + 16 * scale + 1)..<stack.size.height))
    }

    /// iOS 15 and later draw a collapsed stack's summary as the top card's last line, inside its
    /// platter: the card grows by the line, and what lies under it (the edges) is unchanged.
    @Test func theSummaryLineIsTheTopCardsLastLine() throws {
        let scale = 2
        let renderer = try Self.renderer(scale: scale)
        let without = try renderer.render(Self.stack(3), layout: .collapsed)
        let with = try renderer.render(Self.stack(3, summary: "2 more notifications"), layout: .collapsed)
        let grown = with.size.height - without.size.height
        #expect(grown >= 13 * scale && grown <= 24 * scale, "one 13 pt line: \(grown) px")
        // The two edges and the bottom margin look the same in both, away from the corners (whose
        // antialiasing changes as the edges fall elsewhere within a pixel): nothing is drawn under
        // them.
        let under = (8 + 2 * 8) * scale
        let differing = ((with.size.height - under)..<with.size.height).filter { y in
            (with.size.width / 3..<2 * with.size.width / 3).contains { x in
                let a = with.pixel(x: x, y: y)
                let b = without.pixel(x: x, y: y - grown)
                return (0..<3).contains { abs(Int(a[$0]) - Int(b[$0])) > 12 }
            }
        }
        #expect(differing.count <= 3, "rows \(differing) of \(with.size.height), grown \(grown)")
        #expect(!Self.hasInk(with, rows: (with.size.height - 8 * scale + 1)..<with.size.height))
        let other = try renderer.render(Self.stack(3, summary: "3 more notifications"), layout: .collapsed)
        #expect(other.size == with.size)
        let otherText = other.pixels != with.pixels
        #expect(otherText, "the line's text is drawn, not only its room")
        // An expanded list shows no summary.
        let expandedSame =
            try renderer.render(Self.stack(3, summary: "2 more notifications"), layout: .expanded).pixels
            == renderer.render(Self.stack(3), layout: .expanded).pixels
        #expect(expandedSame)
    }

    /// In light, white platters on a pale wallpaper: each edge is darker than the one above it
    /// and than the top card, so the stack shows its depth.
    @Test func theEdgesAreDimmedByTheirDepth() throws {
        let scale = 2
        let stack = try Self.renderer(scale: scale).render(Self.stack(3), layout: .collapsed)
        let middle = stack.size.width / 2
        let bottom = stack.size.height - 8 * scale
        let luminance = { (pixel: SIMD4<UInt8>) in
            0.2126 * Double(pixel[0]) + 0.7152 * Double(pixel[1]) + 0.0722 * Double(pixel[2])
        }
        let card = luminance(stack.pixel(x: middle, y: bottom - 16 * scale - 4 * scale))
        let first = luminance(stack.pixel(x: middle, y: bottom - 12 * scale))
        let second = luminance(stack.pixel(x: middle, y: bottom - 4 * scale))
        #expect(card - first >= 8 && first - second >= 4, "card \(card), first edge \(first), second \(second)")
    }

    @Test func theExpandedListHasAHeaderAndEveryCardEightPointsApart() throws {
        let scale = 2
        let cardRenderer = try Self.cardRenderer(scale: scale)
        let heights = try Self.cards.map { try cardRenderer.render($0, attachmentImage: nil).size.height }
        let list = try Self.renderer(scale: scale).render(Self.stack(3), layout: .expanded)
        let margin = 8 * scale
        let header = 44 * scale
        let expected = margin + header + heights.map { $0 - 2 * margin }.reduce(0, +) + 2 * 8 * scale + margin
        #expect(abs(list.size.height - expected) <= 1, "\(list.size.height) against \(expected)")
        #expect(Self.hasInk(list, rows: margin..<margin + header), "the header row")
        // The first card in full under the header, pixel for pixel as drawn alone.
        let first = try cardRenderer.render(Self.cards[0], attachmentImage: nil)
        #expect(Self.sameRows(first, list, margin..<first.size.height - margin - 1, offsetInB: header))
        // The gap between the first two cards is backdrop.
        let gapTop = margin + header + heights[0] - 2 * margin
        #expect(!Self.hasInk(list, rows: gapTop + 1..<gapTop + 8 * scale - 1))
    }

    @Test(arguments: NotificationStackRenderer.Layout.allCases)
    func darkDiffersFromLight(layout: NotificationStackRenderer.Layout) throws {
        let light = try Self.renderer(appearance: .light).render(Self.stack(3, summary: "2 more"), layout: layout)
        let dark = try Self.renderer(appearance: .dark).render(Self.stack(3, summary: "2 more"), layout: layout)
        #expect(light.size == dark.size)
        #expect(light.pixel(x: 0, y: 0) != dark.pixel(x: 0, y: 0))
        #expect(light.pixel(x: light.size.width / 2, y: 40) != dark.pixel(x: dark.size.width / 2, y: 40))
    }

    @Test(arguments: NotificationStackRenderer.Layout.allCases)
    func severalStacksAreDrawnOneBelowTheOther(layout: NotificationStackRenderer.Layout) throws {
        let renderer = try Self.renderer()
        let first = try renderer.render(Self.stack(3, summary: "2 more notifications"), layout: layout)
        let second = try renderer.render(Self.stack(1), layout: layout)
        let both = try renderer.render(
            [Self.stack(3, summary: "2 more notifications"), Self.stack(1)], layout: layout)
        // Margins of 8 pt around the whole, 8 pt between the stacks.
        #expect(abs(both.size.height - (first.size.height + second.size.height - 16)) <= 1)
        #expect(Self.sameRows(first, both, 0..<first.size.height - 16))
        #expect(Self.hasInk(both, rows: first.size.height..<both.size.height - 16))
    }

    @Test func noStacksDrawOnlyTheMargins() throws {
        let renderer = try Self.renderer()
        let empty = try renderer.render([], layout: .collapsed)
        #expect(empty.size == PixelSize(width: 750, height: 32))
        let cardless = try renderer.render(NotificationStackRenderer.Stack(cards: []), layout: .expanded)
        #expect(cardless.size == empty.size)
    }

    @Test func aStackedCardDrawsItsOwnAttachment() throws {
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let photo = CardAttachment(
            name: "photo.png", kind: .image, format: .png, pixelSize: PixelSize(width: 64, height: 64))
        var card = Self.cards[0]
        card.attachment = photo
        let stack = NotificationStackRenderer.Stack(cards: [
            NotificationStackRenderer.StackedCard(card, attachmentImage: png),
            NotificationStackRenderer.StackedCard(Self.cards[1]),
        ])
        let picture = try Self.renderer().render(stack, layout: .expanded)
        let red = try #require(TestImages.bounds(in: picture, where: TestImages.isRed))
        // The thumbnail is on the first card, under the header, not on the second.
        let firstCard = try Self.cardRenderer().render(card, attachmentImage: png)
        #expect(red.minY > 16 + 88)
        #expect(red.maxY < 88 + firstCard.size.height - 16)
    }

    @Test func whatDoesNotFitInTheTallestPictureIsLeftOutAndCounted() throws {
        let renderer = try Self.renderer()
        let long = try renderer.picture(of: [Self.stack(300)], layout: .expanded)
        #expect(long.image.size.height <= Canvas.maxSide)
        #expect(long.cardsLeftOut > 200 && long.cardsLeftOut < 300, "\(long.cardsLeftOut)")
        // Every card that was drawn is whole: the list ends on a card and the bottom margin.
        let bottom = long.image.size.height
        #expect(!Self.hasInk(long.image, rows: (bottom - 16)..<bottom))
        // A list that fits leaves nothing out, and the stacks after a cut list are left out whole.
        #expect(try renderer.picture(of: [Self.stack(3)], layout: .expanded).cardsLeftOut == 0)
        let several = try renderer.picture(of: [Self.stack(300), Self.stack(3)], layout: .expanded)
        #expect(several.cardsLeftOut == long.cardsLeftOut + 3)
        let collapsed = try renderer.picture(of: (0..<100).map { _ in Self.stack(2) }, layout: .collapsed)
        #expect(collapsed.image.size.height <= Canvas.maxSide)
        #expect(collapsed.cardsLeftOut > 0 && collapsed.cardsLeftOut % 2 == 0, "\(collapsed.cardsLeftOut)")
    }
}
