import Foundation
import RichPreview
import RichPreviewImaging

/// The notifications of a group (`NotificationGroup`) drawn as iOS stacks them on the lock screen
/// and in Notification Center, each card drawn by `CardPictureRenderer`, in its light or dark
/// appearance.
///
/// Collapsed, the top card is drawn in full, the summary line ("2 more notifications") as its last
/// line inside its platter (as iOS 15 and later draw it), and below it the edges of up to two more
/// peek out, each 8 pt narrower at each side, 8 pt lower, more translucent and dimmer than the one
/// above (of the style's material, on the wallpaper). Expanded, a header row (the app's
/// name, "Show Less" and a clear button) stands above every card in full, 8 pt apart. Several
/// stacks are drawn one below the other, 8 pt apart, as the lock screen lists its groups. A stack
/// of one card is drawn as that card alone. Sizes are in `CardGeometry`; a picture taller than
/// `Canvas.maxSide` pixels is cut there.
public struct NotificationStackRenderer: Sendable {
    /// Draws each card: the width, scale, appearance, fonts and app icon of every stack.
    public var cardRenderer: CardPictureRenderer

    /// Creates a stack renderer drawing its cards with `cardRenderer` (its `attachmentFrame` is
    /// replaced by each card's own).
    public init(cardRenderer: CardPictureRenderer) {
        self.cardRenderer = cardRenderer
    }

    /// One notification of a stack: its card and the pixels its attachment is drawn with.
    public struct StackedCard: Sendable {
        /// What the notification shows; a list on the lock screen shows banners.
        public var card: NotificationCard
        /// The attachment's bytes when it is an image to draw.
        public var attachmentImage: Data?
        /// The attachment's pixels already decoded (a movie's frame), as
        /// `CardPictureRenderer.attachmentFrame`.
        public var attachmentFrame: RGBAImage?

        /// Creates a stacked card from the card and its attachment's bytes or decoded frame.
        public init(_ card: NotificationCard, attachmentImage: Data? = nil, attachmentFrame: RGBAImage? = nil) {
            self.card = card
            self.attachmentImage = attachmentImage
            self.attachmentFrame = attachmentFrame
        }
    }

    /// One group as drawn: its cards, the first on top, and its summary line.
    public struct Stack: Sendable {
        /// The cards in display order (`NotificationGroup.members`), the first on top.
        public var cards: [StackedCard]
        /// The last line of a collapsed stack's top card, when the stack has more than one card
        /// (`NotificationGroup.summary`); nil draws none.
        public var summary: String?

        /// Creates a stack of `cards`, the first on top, with its summary line.
        public init(cards: [StackedCard], summary: String? = nil) {
            self.cards = cards
            self.summary = summary
        }
    }

    /// How the stacks are shown.
    public enum Layout: String, Sendable, CaseIterable {
        /// As the lock screen shows a group: the top card, the edges of up to two more, the
        /// summary line.
        case collapsed
        /// As a tapped group opens: a header row with "Show Less" and a clear button, then every
        /// card in full.
        case expanded
    }

    /// A picture of stacks, and how many cards did not fit in it.
    public struct Picture: Sendable {
        /// The stacks, one below the other.
        public var image: RGBAImage
        /// The cards left out because the picture would have been taller than `Canvas.maxSide`:
        /// the end of the last expanded list drawn, and every stack after it.
        public var cardsLeftOut: Int
    }

    /// `stacks` drawn one below the other in `layout`, stacks without cards left out; what does
    /// not fit within `Canvas.maxSide` pixels is left out (the end of an expanded list, or whole
    /// stacks) and counted.
    /// - Throws: `ImageDecodingError` when a card's attachment image cannot be decoded.
    public func picture(of stacks: [Stack], layout: Layout) throws(ImageDecodingError) -> Picture {
        let margin = CardGeometry.screenMargin * scale
        let gap = CardGeometry.stackGap * scale
        var room = Double(Canvas.maxSide) - 2 * margin
        var blocks: [Block] = []
        var leftOut = 0
        for stack in stacks where !stack.cards.isEmpty {
            // After a cut, the stacks below are left out without being measured.
            let available = room - (blocks.isEmpty ? 0 : gap)
            let fitted: (block: Block, leftOut: Int)? =
                leftOut > 0
                ? nil
                : layout == .expanded
                    ? try expandedBlock(stack, maxHeight: available) : try collapsedBlock(stack).fitting(available)
            guard let fitted else {
                leftOut += stack.cards.count
                continue
            }
            blocks.append(fitted.block)
            leftOut += fitted.leftOut
            room = available - fitted.block.height
        }
        let height = blocks.reduce(0) { $0 + $1.height } + gap * Double(max(0, blocks.count - 1))
        var canvas = try cardRenderer.backdrop(
            width: cardRenderer.pixelWidth, height: Int((margin * 2 + height).rounded()))
        var top = margin
        for block in blocks {
            block.draw(&canvas, top)
            top += block.height + gap
        }
        return Picture(image: canvas.image(), cardsLeftOut: leftOut)
    }

    /// `stacks` drawn one below the other in `layout`, as `picture(of:layout:)` draws them.
    /// - Throws: `ImageDecodingError` when a card's attachment image cannot be decoded.
    public func render(_ stacks: [Stack], layout: Layout) throws(ImageDecodingError) -> RGBAImage {
        try picture(of: stacks, layout: layout).image
    }

    /// One stack drawn in `layout`.
    /// - Throws: `ImageDecodingError` when a card's attachment image cannot be decoded.
    public func render(_ stack: Stack, layout: Layout) throws(ImageDecodingError) -> RGBAImage {
        try render([stack], layout: layout)
    }

    // MARK: Blocks

    /// What one stack covers, from its top card's top edge down, and its drawing with that edge
    /// at a given height.
    private struct Block {
        var height: Double
        var draw: (inout Canvas, _ top: Double) -> Void

        /// The block with nothing left out when it is at most `height` tall; else nil.
        func fitting(_ room: Double) -> (block: Block, leftOut: Int)? { height <= room ? (self, 0) : nil }
    }

    private var scale: Double { cardRenderer.s }

    /// `stacked` as drawn, with `summary` as its last line when it tops a collapsed stack.
    private func drawing(of stacked: StackedCard, summary: String? = nil) throws(ImageDecodingError)
        -> CardPictureRenderer.CardDrawing
    {
        var renderer = cardRenderer
        renderer.attachmentFrame = stacked.attachmentFrame
        renderer.stackSummary = summary
        return try renderer.drawing(of: stacked.card, attachmentImage: stacked.attachmentImage)
    }

    private func cardBlock(_ drawing: CardPictureRenderer.CardDrawing) -> Block {
        Block(height: drawing.bounds.height) { canvas, top in drawing.draw(&canvas, top - drawing.bounds.y) }
    }

    private func collapsedBlock(_ stack: Stack) throws(ImageDecodingError) -> Block {
        guard stack.cards.count > 1 else { return cardBlock(try drawing(of: stack.cards[0])) }
        let top = try drawing(of: stack.cards[0], summary: stack.summary)
        let bounds = top.bounds
        let edges = min(stack.cards.count - 1, CardGeometry.stackEdges)
        let peek = CardGeometry.stackEdgePeek * scale
        let dimming = CardGeometry.stackEdgeDimming(cardRenderer.appearance)
        return Block(height: bounds.height + Double(edges) * peek) { canvas, y in
            let opacities = CardGeometry.stackEdgeOpacities
            // The furthest edge first, so each nearer card covers the one behind it; each with the
            // platter's shadow and dimmed by its depth, so that light platters on a light
            // wallpaper still read as cards behind cards.
            for level in stride(from: edges, through: 1, by: -1) {
                let inset = CardGeometry.stackEdgeInset * scale * Double(level)
                let edge = Rect(
                    x: bounds.x + inset, y: y + Double(level) * peek, width: bounds.width - 2 * inset,
                    height: bounds.height)
                cardRenderer.paintPlatter(
                    edge, radius: top.cornerRadius, opacity: opacities[min(level, opacities.count) - 1], shadow: true,
                    on: &canvas)
                canvas.fill(
                    polygons: [ShapeOutline.continuousRoundedRectangle(edge, radius: top.cornerRadius, corners: .all)],
                    RGBAColor(r: 0, g: 0, b: 0, alpha: dimming * Double(level)))
            }
            top.draw(&canvas, y - bounds.y)
        }
    }

    /// An expanded stack at most `maxHeight` tall: its header and as many of its cards as fit,
    /// and how many did not; nil when not even its first card fits.
    private func expandedBlock(
        _ stack: Stack, maxHeight: Double
    ) throws(ImageDecodingError) -> (block: Block, leftOut: Int)? {
        let headerHeight = CardGeometry.stackHeaderHeight * scale
        let gap = CardGeometry.stackGap * scale
        var drawings: [CardPictureRenderer.CardDrawing] = []
        var height = stack.cards.count > 1 ? headerHeight - gap : -gap
        for card in stack.cards {
            let drawing = try drawing(of: card)
            guard height + gap + drawing.bounds.height <= maxHeight else { break }
            height += gap + drawing.bounds.height
            drawings.append(drawing)
        }
        guard let first = drawings.first else { return nil }
        let leftOut = stack.cards.count - drawings.count
        guard stack.cards.count > 1 else { return (cardBlock(first), leftOut) }
        let title = stack.cards[0].card.iconName
        let block = Block(height: height) { canvas, y in
            drawHeader(
                title, in: Rect(x: first.bounds.x, y: y, width: first.bounds.width, height: headerHeight),
                on: &canvas)
            var cardTop = y + headerHeight
            for drawing in drawings {
                drawing.draw(&canvas, cardTop - drawing.bounds.y)
                cardTop += drawing.bounds.height + gap
            }
        }
        return (block, leftOut)
    }

    /// The expanded stack's header row: the app's name at the left; at the right a "Show Less"
    /// pill and the round clear button.
    private func drawHeader(_ title: String, in row: Rect, on canvas: inout Canvas) {
        let palette = cardRenderer.palette
        let shaper = cardRenderer.shaper
        let side = CardGeometry.stackButtonHeight * scale
        let buttonTop = row.y + (row.height - side) / 2
        let clear = Rect(x: row.maxX - side, y: buttonTop, width: side, height: side)
        cardRenderer.drawClearButton(in: clear, cross: palette.label, on: &canvas)
        let buttonStyle = TextStyle(
            size: CardGeometry.stackButtonTextSize * scale, weight: .semibold, color: palette.label)
        let showLess = shaper.shape("Show Less", style: buttonStyle)
        let padding = CardGeometry.stackButtonPadding * scale
        let buttonGap = CardGeometry.stackButtonGap * scale
        let pill = Rect(
            x: clear.x - buttonGap - showLess.width - 2 * padding, y: buttonTop, width: showLess.width + 2 * padding,
            height: side)
        canvas.fillRoundedRect(pill, radius: side / 2, palette.control)
        canvas.draw(
            showLess,
            baselineOrigin: Point(
                x: pill.x + padding, y: shaper.baseline(centringOn: pill.y + side / 2, style: buttonStyle)))
        let titleStyle = TextStyle(
            size: CardGeometry.stackHeaderTitleSize * scale, weight: .semibold, color: palette.label)
        let titleX = row.x + CardGeometry.stackHeaderInset * scale
        let name = LineWrapper.truncated(
            CardPictureRenderer.displayText(title), maxWidth: max(0, pill.x - buttonGap - titleX)
        ) { shaper.measure($0, style: titleStyle) }
        canvas.draw(
            shaper.shape(name, style: titleStyle),
            baselineOrigin: Point(x: titleX, y: shaper.baseline(centringOn: row.y + row.height / 2, style: titleStyle)))
    }
}
