import Foundation
import RichPreview
import RichPreviewImaging

/// Draws a notification card as a picture: a device's width in points times its scale, the card
/// on a wallpaper, its platter of the material of `style` (iOS 26's glass or iOS 18's blurred
/// material, or solid with `reduceTransparency`) with continuous corners, in the light or dark
/// appearance, with the type sizes and colours of `CardGeometry` and `CardPalette`.
///
/// The expanded card has the header (icon, app name, time), the content extension's area at
/// `width × ratio` with the attachment fitted aspect-fit (or a play button for audio and movies),
/// the default title in semibold, subtitle and body, and the buttons as iOS 15 and later list them
/// below it (a separate rounded list, destructive ones in red). The banner has the icon, title, two lines of body
/// and the attachment's thumbnail. Text is drawn by `TextShaper` (FreeType and HarfBuzz, fonts with
/// fallback); images are decoded and scaled through the imaging pipeline (shrink-on-load included).
public struct CardPictureRenderer: Sendable {
    /// The screen width in points.
    public var width: Int
    /// Pixels per point.
    public var scale: Int
    /// Light or dark: the backdrop, platter, text and button colours.
    public var appearance: Appearance
    /// Which iOS the picture looks like: the platters' material and corners, the action list and
    /// the built-in wallpaper (`NotificationStyle.default`, iOS 26, unless set).
    public var style = NotificationStyle.default
    /// What the platters stand on: the style's built-in gradient unless set.
    public var wallpaper = Wallpaper.builtIn
    /// Solid platters, as iOS draws them with Reduce Transparency on: no blur, no glass.
    public var reduceTransparency = false
    /// Whether platters cast the style's shadow. A review's pictures leave it out: it is the same
    /// under every card, and its gradient triples libwebp's lossless encoding time.
    var castsShadows = true
    /// Shapes and measures the card's text with its fonts (HarfBuzz, with fallback per character).
    public let shaper: TextShaper

    /// The widest picture drawn, in pixels.
    public static let maximumPixelWidth = 4096

    /// The most pixels per point drawn; a larger `scale` is taken as this.
    public static let maximumScale = 4

    /// The app's icon (bytes of any image format `ImageFormats` decodes), drawn filled and rounded where the app icon goes;
    /// nil draws a tile of a colour of the app's name with its initial. An icon that does not
    /// decode is drawn as the tile.
    public var appIcon: Data?
    /// A communication notification's sender's avatar (bytes of any image format `ImageFormats`
    /// decodes), drawn round where the app icon goes, the app icon as its badge, for a card with a
    /// `sender`; nil (or one that does not decode) draws the sender's initials.
    public var avatar: Data?
    /// The attachment's pixels already decoded, drawn instead of decoding its bytes: a movie's
    /// frame (`MovieFrameDecoder.posterFrame`, upright; drawn at the platter's full width under a
    /// play button and as the banner's thumbnail; nil draws the play button alone), or one frame
    /// of an animated GIF (`GIFAnimation`), as the expanded view plays it.
    public var attachmentFrame: RGBAImage?
    /// The bytes of each template image actions name (`UNNotificationActionIcon(templateImageName:)`),
    /// by name (any image format `ImageFormats` decodes); an action whose image is not here is
    /// drawn without its icon.
    public var actionImages: [String: Data] = [:]
    /// The summary line of the stack a banner tops ("2 more notifications"), drawn as the banner's
    /// last line, inside its platter, as iOS 15 and later draw a collapsed stack; nil for none.
    var stackSummary: String?
    /// The limits the attachment's image, the app icon and the scaled frames are decoded and
    /// scaled within.
    public var imageLimits = ImageLimits()

    /// Creates a renderer for a screen `width` points wide at `scale` pixels per point. Values out
    /// of range are drawn as the nearest sensible one: a scale of 1…`maximumScale`, and a picture
    /// at least 1 and at most `maximumPixelWidth` pixels wide (the command line allows 200…1024
    /// points and scales 1…3).
    public init(width: Int, scale: Int, appearance: Appearance, shaper: TextShaper) {
        self.width = width
        self.scale = scale
        self.appearance = appearance
        self.shaper = shaper
    }

    /// The box a movie's frame is decoded into for a picture `width` points wide at `scale`
    /// (`MovieFrameDecoder.posterFrame(of:at:limits:fittingInto:deadline:)`): the expanded card's
    /// media block, the platter's width and 1.5 times that in height, where the frame is drawn at
    /// the size it is decoded. A banner's thumbnail scales it down again; only a content
    /// extension's area more than 1.5 times as tall as it is wide draws a tall frame larger.
    public static func movieFrameBox(width: Int, scale: Int) -> PixelSize {
        let margin = CardGeometry.screenMargin * Double(drawnScale(scale))
        return mediaBox(platterWidth: Double(pixelWidth(width: width, scale: scale)) - 2 * margin)
    }

    /// The box an expanded card's media block fits its image or frame into.
    private static func mediaBox(platterWidth: Double) -> PixelSize {
        PixelSize(width: Int(platterWidth), height: Int(platterWidth * 1.5))
    }

    var palette: CardPalette { CardPalette(appearance) }
    private static func drawnScale(_ scale: Int) -> Int { min(max(scale, 1), maximumScale) }
    /// Pixels per point as drawn.
    var s: Double { Double(Self.drawnScale(scale)) }
    /// The picture's width in pixels, `width × scale` kept within 1…`maximumPixelWidth`.
    var pixelWidth: Int { Self.pixelWidth(width: width, scale: scale) }

    private static func pixelWidth(width: Int, scale: Int) -> Int {
        min(min(max(width, 1), maximumPixelWidth) * drawnScale(scale), maximumPixelWidth)
    }

    /// The card as an RGBA picture. `attachmentImage` holds the attachment's bytes when it is an
    /// image to draw.
    /// - Throws: `ImageDecodingError` when the attachment's or the wallpaper's image cannot be
    ///   decoded.
    public func render(_ card: NotificationCard, attachmentImage: Data?) throws(ImageDecodingError) -> RGBAImage {
        let drawing = try self.drawing(of: card, attachmentImage: attachmentImage)
        var canvas = try backdrop(width: drawing.width, height: drawing.height)
        drawing.draw(&canvas, 0)
        return canvas.image()
    }

    /// A card measured and ready to draw: the size of its picture and the drawing itself, which
    /// can be placed at any height of a larger canvas (the stacks of `NotificationStackRenderer`).
    struct CardDrawing {
        /// The picture's width in pixels.
        var width: Int
        /// The picture's height in pixels, its margins included.
        var height: Int
        /// What the card covers, from the picture's top-left corner: the platter and, expanded,
        /// the button list below it.
        var bounds: Rect
        /// The platter's corner radius in pixels.
        var cornerRadius: Double
        /// Draws the card, but not the backdrop, with the picture's top at `top` pixels.
        var draw: (inout Canvas, _ top: Double) -> Void
    }

    /// The card measured (its attachment decoded and fitted, its text laid out), to be drawn.
    /// - Throws: `ImageDecodingError` when the attachment's image cannot be decoded.
    func drawing(of card: NotificationCard, attachmentImage: Data?) throws(ImageDecodingError) -> CardDrawing {
        switch card.state {
        case .expanded: try expandedDrawing(card, attachmentImage: attachmentImage)
        case .banner: try bannerDrawing(card, attachmentImage: attachmentImage)
        }
    }

    /// A bare image as it is shown (upright), scaled down to `width × scale` pixels wide when it is
    /// wider, never enlarged.
    /// - Throws: `ImageDecodingError` when it cannot be decoded.
    public func render(image data: Data) throws(ImageDecodingError) -> RGBAImage {
        let shown = try ImageHeader.read(data).shownSize
        let boxWidth = max(1, min(pixelWidth, shown.width))
        return try ImageScaler.scale(
            data, to: ScaleRequest(box: PixelSize(width: boxWidth, height: boxWidth * 8), limits: imageLimits)
        ).image
    }

    // MARK: The expanded card

    private func expandedDrawing(_ card: NotificationCard, attachmentImage: Data?) throws(ImageDecodingError)
        -> CardDrawing
    {
        let margin = CardGeometry.screenMargin * s
        let platterWidth = Double(pixelWidth) - 2 * margin
        let inset = CardGeometry.contentInset * s
        let layout = CardLayout(card)
        let headerHeight = CardGeometry.headerHeight * s

        // Each block's height first, then the canvas, then the blocks drawn top to bottom.
        var texts: [TextLine] = []
        var fitted: RGBAImage?
        var heights: [Double] = []
        for block in layout.blocks {
            switch block {
            case .header:
                heights.append(headerHeight)
            case .extensionArea(let area):
                let height = (platterWidth * area.heightRatio).rounded()
                let box = PixelSize(width: Int(platterWidth), height: Int(height))
                if let frame = card.attachment.flatMap(frame(of:)) {
                    // A movie's frame stands in the area until the extension plays it.
                    fitted = try ImageScaler.scale(frame, to: ScaleRequest(box: box, limits: imageLimits))
                } else if card.attachment?.isDrawableImage == true, let data = attachmentImage {
                    fitted = try fit(data, into: box)
                }
                heights.append(height)
            case .media(let attachment):
                let box = Self.mediaBox(platterWidth: platterWidth)
                if let frame = frame(of: attachment) {
                    // A movie's frame at the platter's width and its own aspect ratio.
                    let image = try ImageScaler.scale(frame, to: ScaleRequest(box: box, limits: imageLimits))
                    fitted = image
                    heights.append(Double(image.size.height))
                } else if attachment.isDrawableImage, let data = attachmentImage {
                    let image = try fit(data, into: box)
                    fitted = image
                    heights.append(Double(image.size.height))
                } else {
                    heights.append((CardGeometry.playButton + 24) * s)
                }
            case .text(let limits):
                texts = textBlock(card, width: platterWidth - 2 * inset, limits: limits)
                heights.append(
                    CardGeometry.contentTop * s + texts.reduce(0) { $0 + $1.height } + CardGeometry.contentBottom * s)
            case .banner:
                heights.append(0)
            }
        }
        let platterHeight = heights.reduce(0, +)
        let actionsHeight =
            layout.actions.isEmpty
            ? 0 : (look.actionMenu.gap + actionMenuHeight(rows: layout.actions.count)) * s
        let radius = look.expandedCornerRadius * s
        let platter = Rect(x: margin, y: margin, width: platterWidth, height: platterHeight)
        return CardDrawing(
            width: Int(platterWidth + 2 * margin), height: Int((margin * 2 + platterHeight + actionsHeight).rounded()),
            bounds: Rect(x: margin, y: margin, width: platterWidth, height: platterHeight + actionsHeight),
            cornerRadius: radius
        ) { canvas, top in
            drawExpanded(
                card, layout: layout, heights: heights, texts: texts, fitted: fitted, platter: platter, top: top,
                on: &canvas)
        }
    }

    /// Draws the expanded card measured by `expandedDrawing`, its picture's top at `top` pixels.
    private func drawExpanded(
        _ card: NotificationCard, layout: CardLayout, heights: [Double], texts: [TextLine], fitted: RGBAImage?,
        platter: Rect, top: Double, on canvas: inout Canvas
    ) {
        let margin = platter.x
        let platterWidth = platter.width
        let platterHeight = platter.height
        let inset = CardGeometry.contentInset * s
        let radius = look.expandedCornerRadius * s
        // The blocks drawn opaque over the platter's whole width hide its material: none is made there.
        var covered: [Rect] = []
        var blockTop = top + margin
        for (index, block) in layout.blocks.enumerated() {
            var area = Rect(x: margin, y: blockTop, width: platterWidth, height: heights[index])
            blockTop = area.maxY
            // The platter's bottom corners stay made: an image's clipped corner blends over them.
            if index == layout.blocks.count - 1 { area.height -= radius * 1.6 }
            switch block {
            case .extensionArea: covered.append(area)
            case .media:
                if let fitted, Double(fitted.size.width) >= platterWidth - 1, fitted.isOpaque { covered.append(area) }
            default: break
            }
        }
        paintPlatter(
            Rect(x: margin, y: top + margin, width: platterWidth, height: platterHeight), radius: radius,
            covered: covered, on: &canvas)
        var y = top + margin
        for (index, block) in layout.blocks.enumerated() {
            let area = Rect(x: margin, y: y, width: platterWidth, height: heights[index])
            let isLast = index == layout.blocks.count - 1
            switch block {
            case .header:
                drawHeader(card, in: area, on: &canvas)
            case .extensionArea(let extensionArea):
                canvas.fillContinuousRoundedRect(
                    area, radius: isLast ? radius : 0, palette.content, corners: isLast ? .bottom : [])
                if let fitted {
                    drawFitted(fitted, in: area, isLast: isLast, radius: radius, on: &canvas)
                    if card.attachment?.kind == .movie { drawPlayButton(centredIn: area, on: &canvas) }
                } else if let attachment = card.attachment {
                    drawMedia(attachment, in: area, on: &canvas)
                } else {
                    drawCentered(
                        "content extension · " + (extensionArea.extensionFile as NSString).lastPathComponent,
                        style: style(CardGeometry.timeSize, color: palette.secondaryLabel), in: area, on: &canvas)
                }
            case .media(let attachment):
                if let fitted {
                    drawFitted(fitted, in: area, isLast: isLast, radius: radius, on: &canvas)
                    if attachment.kind == .movie { drawPlayButton(centredIn: area, on: &canvas) }
                } else {
                    drawMedia(attachment, in: area, on: &canvas)
                }
            case .text:
                var lineTop = area.y + CardGeometry.contentTop * s
                for line in texts {
                    canvas.draw(
                        line.shaped, baselineOrigin: Point(x: margin + inset + line.indent, y: lineTop + line.ascent))
                    lineTop += line.height
                }
            case .banner:
                break
            }
            y = area.maxY
        }
        if !layout.actions.isEmpty {
            drawActionList(
                layout.actions, top: top + margin + platterHeight + look.actionMenu.gap * s, x: margin,
                width: platterWidth, on: &canvas)
        }
    }

    /// An image fitted into `area`, centred. Only corners it shares with the platter are rounded:
    /// the bottom ones, when it is the last thing on the platter and fills its width down to the
    /// edge (a letterboxed image stays square inside its area).
    private func drawFitted(_ image: RGBAImage, in area: Rect, isLast: Bool, radius: Double, on canvas: inout Canvas) {
        let origin = Point(
            x: area.x + (area.width - Double(image.size.width)) / 2,
            y: area.y + (area.height - Double(image.size.height)) / 2)
        let fillsBottom =
            isLast && Double(image.size.width) >= area.width - 1
            && origin.y + Double(image.size.height) >= area.maxY - 1
        canvas.draw(image, at: origin, clipCornerRadius: fillsBottom ? radius : 0, corners: .bottom, continuous: true)
    }

    /// The expanded platter's header as iOS 15 and later draw it: the icon, the app's name and,
    /// at the trailing end, the time; no hairline under it and no dismiss control (chosen: §2 of
    /// the appearance notes observes a dismiss control in iOS 18's classes, but not where or
    /// whether it shows, and a tap outside closes the view).
    private func drawHeader(_ card: NotificationCard, in rect: Rect, on canvas: inout Canvas) {
        let icon = CardGeometry.headerIcon * s
        let iconRect = Rect(
            x: rect.x + CardGeometry.headerPadding * s, y: rect.y + (rect.height - icon) / 2, width: icon, height: icon)
        drawSource(card, in: iconRect, radius: icon * CardGeometry.iconCornerRatio, on: &canvas)
        let time = timeLine(card, maxWidth: rect.width / 3)
        let timeX = rect.maxX - CardGeometry.headerPadding * s - time.width
        let nameStyle = style(CardGeometry.textSize, color: palette.secondaryLabel)
        let nameX = iconRect.maxX + CardGeometry.headerGap * s
        let name = LineWrapper.truncated(
            Self.displayText(card.headerTitle), maxWidth: max(0, timeX - nameX - CardGeometry.headerGap * s)
        ) { shaper.measure($0, style: nameStyle) }
        let baseline = shaper.baseline(centringOn: rect.y + rect.height / 2, style: nameStyle)
        canvas.draw(shaper.shape(name, style: nameStyle), baselineOrigin: Point(x: nameX, y: baseline))
        canvas.draw(time, baselineOrigin: Point(x: timeX, y: baseline))
    }

    // MARK: The banner

    private func bannerDrawing(_ card: NotificationCard, attachmentImage: Data?) throws(ImageDecodingError)
        -> CardDrawing
    {
        let margin = CardGeometry.screenMargin * s
        let platterWidth = Double(pixelWidth) - 2 * margin
        let textX = CardGeometry.bannerTextInset * s
        var thumbnailSource: CardAttachment?
        var limits = CardLayout.TextLimits(title: 1, body: CardLayout.bannerBodyLines)
        if case .banner(let shown, let textLimits) = CardLayout(card).blocks.first {
            thumbnailSource = shown
            limits = textLimits
        }
        let frame = thumbnailSource.flatMap(frame(of:))
        let image = thumbnailSource?.isDrawableImage == true ? attachmentImage : nil
        let hasThumbnail = thumbnailSource != nil && (frame != nil || image != nil)
        let time = timeLine(card, maxWidth: platterWidth / 3)
        let topInset = CardGeometry.bannerTopInset * s
        let thumbnailInset = CardGeometry.thumbnailInset * s
        // The square thumbnail spans the platter's height less its insets; the platter's height
        // depends on the text, whose width depends on the thumbnail: a few rounds settle both.
        var side = hasThumbnail ? CardGeometry.bannerMinimumHeight * s - 2 * thumbnailInset : 0
        var texts: [TextLine] = []
        var textHeight = 0.0
        var platterHeight = CardGeometry.bannerMinimumHeight * s
        var column = 0.0
        for _ in 0..<3 {
            let trailing =
                hasThumbnail
                ? thumbnailInset + side + CardGeometry.thumbnailGap * s : CardGeometry.bannerTrailingInset * s
            column = platterWidth - textX - trailing
            let firstLineWidth = column - time.width - CardGeometry.bannerTimeGap * s
            texts = textBlock(card, width: column, firstLineWidth: firstLineWidth, limits: limits)
            if texts.isEmpty {
                texts = textBlock(
                    NotificationCard(headerTitle: card.headerTitle, title: card.headerTitle), width: column,
                    firstLineWidth: firstLineWidth, limits: CardLayout.TextLimits(title: 1, body: 1))
            }
            textHeight = texts.reduce(0) { $0 + $1.height }
            let height = max(CardGeometry.bannerMinimumHeight * s, topInset * 2 + textHeight)
            platterHeight = hasThumbnail ? height.rounded(.up) : height
            guard hasThumbnail, platterHeight - 2 * thumbnailInset > side else { break }
            side = platterHeight - 2 * thumbnailInset
        }
        var thumbnail: RGBAImage?
        if hasThumbnail, let attachment = thumbnailSource {
            let pixels = Int(side.rounded())
            let request = ScaleRequest(
                box: PixelSize(width: pixels, height: pixels), mode: .fill, limits: imageLimits,
                clip: attachment.thumbnailClip)
            // The thumbnail comes from the movie's frame or from the image's bytes.
            if let frame {
                thumbnail = try ImageScaler.scale(frame, to: request)
            } else {
                thumbnail = try ImageScaler.scale(image ?? Data(), to: request).image
            }
        }
        let platter = Rect(x: margin, y: margin, width: platterWidth, height: platterHeight)
        return CardDrawing(
            width: Int(platterWidth + 2 * margin), height: Int((platterHeight + 2 * margin).rounded()),
            bounds: platter, cornerRadius: look.bannerCornerRadius * s
        ) { canvas, top in
            drawBanner(
                card, texts: texts, textHeight: textHeight, column: column, time: time, thumbnail: thumbnail,
                platter: platter, top: top, on: &canvas)
        }
    }

    /// Draws the banner measured by `bannerDrawing`, its picture's top at `top` pixels.
    private func drawBanner(
        _ card: NotificationCard, texts: [TextLine], textHeight: Double, column: Double, time: ShapedLine,
        thumbnail: RGBAImage?, platter: Rect, top: Double, on canvas: inout Canvas
    ) {
        let margin = platter.x
        let platterWidth = platter.width
        let platterHeight = platter.height
        let textX = CardGeometry.bannerTextInset * s
        paintPlatter(
            Rect(x: margin, y: top + margin, width: platterWidth, height: platterHeight),
            radius: look.bannerCornerRadius * s, on: &canvas)
        let icon = CardGeometry.bannerIcon * s
        drawSource(
            card,
            in: Rect(
                x: margin + (textX - icon) / 2, y: top + margin + (platterHeight - icon) / 2, width: icon, height: icon),
            radius: CardGeometry.bannerIconRadius * s, on: &canvas)
        var y = top + margin + (platterHeight - textHeight) / 2
        for (index, line) in texts.enumerated() {
            canvas.draw(line.shaped, baselineOrigin: Point(x: margin + textX + line.indent, y: y + line.ascent))
            if index == 0 {
                canvas.draw(
                    time,
                    baselineOrigin: Point(x: margin + textX + column - time.width, y: y + line.ascent))
            }
            y += line.height
        }
        if let thumbnail {
            let inset = CardGeometry.thumbnailInset * s
            let origin = Point(
                x: margin + platterWidth - inset - Double(thumbnail.size.width), y: top + margin + inset)
            canvas.draw(thumbnail, at: origin, clipCornerRadius: CardGeometry.thumbnailRadius * s)
        }
    }

    // MARK: Pieces

    /// One laid-out line of the default content.
    private struct TextLine {
        var shaped: ShapedLine
        var ascent: Double
        var height: Double
        /// Pixels from the column's left edge to the line's: a right-to-left line ends at the
        /// column's right edge.
        var indent: Double
    }

    /// The interruption label, title (semibold), subtitle and body wrapped to `width` pixels, the
    /// very first line to `firstLineWidth` when given (it shares its row with the time), each cut
    /// to `limits` with an ellipsis.
    private func textBlock(
        _ card: NotificationCard, width: Double, firstLineWidth: Double? = nil, limits: CardLayout.TextLimits
    ) -> [TextLine] {
        var lines: [TextLine] = []
        func add(
            _ text: String?, weight: FontWeight, limit: Int?, size: Double = CardGeometry.textSize,
            color: RGBAColor? = nil
        ) {
            guard let text, !text.isEmpty else { return }
            let textStyle = style(size, weight: weight, color: color ?? palette.label)
            let metrics = shaper.lineMetrics(style: textStyle)
            let display = TerminalText.escaped(text, keepingLineBreaks: true)
            let measure = { (piece: Substring) in shaper.measure(piece, style: textStyle) }
            // Only the very first line of the block shares its row (with the banner's time).
            let firstWidth = lines.isEmpty ? firstLineWidth : nil
            let pieces = LineWrapper.directedLines(
                display, maxWidth: max(1, width), firstLineWidth: firstWidth.map { max(1, $0) }, maxLines: limit,
                measure: measure)
            for (index, piece) in pieces.enumerated() {
                let sharesTimeRow = index == 0 && firstWidth != nil
                let room = sharesTimeRow ? firstWidth ?? width : width
                let shaped = shaper.shape(piece.text, style: textStyle, direction: piece.direction)
                // A right-to-left line ends at the time's side: it keeps more room from it when it
                // fits, and a line that does not (cut with "…" on its left) ends at the least gap.
                let extra = (CardGeometry.bannerRightToLeftTimeGap - CardGeometry.bannerTimeGap) * s
                let end = sharesTimeRow && shaped.width <= room - extra ? room - extra : room
                lines.append(
                    TextLine(
                        shaped: shaped, ascent: metrics.ascent, height: metrics.lineHeight,
                        indent: piece.direction == .rightToLeft ? max(0, end - shaped.width) : 0))
            }
        }
        add(
            card.interruptionLabel, weight: .semibold, limit: 1, size: CardGeometry.timeSize,
            color: card.interruptionLevel == .critical ? palette.destructive : palette.secondaryLabel)
        add(card.title, weight: .semibold, limit: limits.title)
        add(card.subtitle, weight: .regular, limit: limits.title)
        add(card.body, weight: .regular, limit: limits.body)
        if card.state == .banner {
            add(stackSummary, weight: .regular, limit: 1, size: CardGeometry.timeSize, color: palette.secondaryLabel)
        }
        return lines
    }

    /// A play button with the duration under it, centred in `area` (an attachment iOS cannot
    /// show has no media block: `CardLayout`).
    private func drawMedia(_ attachment: CardAttachment, in area: Rect, on canvas: inout Canvas) {
        let circle = drawPlayButton(centredIn: area, raisedBy: 8 * s, on: &canvas)
        // The duration only: a movie's frame size is a developer's fact, not something iOS shows.
        var caption: [String] = []
        if let duration = attachment.duration { caption.append(CardAttachment.clock(duration)) }
        if caption.isEmpty { caption.append(attachment.kind?.rawValue ?? "attachment") }
        let captionStyle = style(CardGeometry.timeSize, color: palette.secondaryLabel)
        let shaped = shaper.shape(caption.joined(separator: " · "), style: captionStyle)
        canvas.draw(
            shaped,
            baselineOrigin: Point(
                x: area.x + (area.width - shaped.width) / 2,
                y: circle.maxY + 6 * s + shaper.lineMetrics(style: captionStyle).ascent))
    }

    /// The round play button centred in `area` (raised by `raisedBy` pixels); returns its circle.
    @discardableResult
    private func drawPlayButton(centredIn area: Rect, raisedBy: Double = 0, on canvas: inout Canvas) -> Rect {
        let button = CardGeometry.playButton * s
        let circle = Rect(
            x: area.x + (area.width - button) / 2, y: area.y + (area.height - button) / 2 - raisedBy, width: button,
            height: button)
        let ring = CardGeometry.playRing * s
        canvas.fillEllipse(in: circle, palette.playRing)
        canvas.fillEllipse(
            in: Rect(x: circle.x + ring, y: circle.y + ring, width: button - 2 * ring, height: button - 2 * ring),
            palette.playDisc)
        let side = button * 0.38
        let left = circle.x + button * 0.38
        canvas.fillPolygon(
            [
                Point(x: left, y: circle.y + (button - side) / 2),
                Point(x: left + side * 0.9, y: circle.y + button / 2),
                Point(x: left, y: circle.y + (button + side) / 2),
            ], palette.label)
        return circle
    }

    /// The decoded pixels given, when `attachment` is a movie or an image iOS would accept.
    private func frame(of attachment: CardAttachment) -> RGBAImage? {
        (attachment.kind == .movie || attachment.kind == .image) && attachment.problem == nil ? attachmentFrame : nil
    }

    /// `text` centred in `area`, wrapped to at most `maxLines` lines (the last ending in "…" when
    /// more remains), each line centred.
    private func drawCentered(
        _ text: String, style: TextStyle, in area: Rect, maxLines: Int = 1, on canvas: inout Canvas
    ) {
        let lines = LineWrapper.wrap(
            Self.displayText(text), maxWidth: max(1, area.width - 32 * s), maxLines: max(1, maxLines)
        ) { shaper.measure($0, style: style) }
        let metrics = shaper.lineMetrics(style: style)
        // The block's middle on the area's; one line keeps the optical centring of before.
        let firstBaseline =
            shaper.baseline(centringOn: area.y + area.height / 2, style: style)
            - metrics.lineHeight * Double(lines.count - 1) / 2
        for (index, line) in lines.enumerated() {
            let shaped = shaper.shape(line, style: style)
            canvas.draw(
                shaped,
                baselineOrigin: Point(
                    x: area.x + (area.width - shaped.width) / 2, y: firstBaseline + metrics.lineHeight * Double(index)))
        }
    }

    /// The time label, cut with "…" to `maxWidth` pixels (a long `--time` never crowds out the
    /// rest of its row).
    private func timeLine(_ card: NotificationCard, maxWidth: Double) -> ShapedLine {
        let timeStyle = style(CardGeometry.timeSize, color: palette.secondaryLabel)
        let text = LineWrapper.truncated(Self.displayText(card.time), maxWidth: max(0, maxWidth)) {
            shaper.measure($0, style: timeStyle)
        }
        return shaper.shape(text, style: timeStyle)
    }

    /// A separator as iOS draws it: one device pixel, whatever the scale, filling the pixel row
    /// that `y` falls in (never half of two rows).
    func drawSeparator(atY y: Double, from startX: Double, to endX: Double, on canvas: inout Canvas) {
        let row = y.rounded(.down) + 0.5
        canvas.hairline(from: Point(x: startX, y: row), to: Point(x: endX, y: row), color: palette.separator, width: 1)
    }

    /// A rounded square in a colour of the app's name, with its initial.
    /// A round clear (×) button filling `rect`, its cross in `cross`.
    func drawClearButton(in rect: Rect, cross: RGBAColor, on canvas: inout Canvas) {
        canvas.fillEllipse(in: rect, palette.control)
        let arm = rect.width * 0.18
        let center = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
            canvas.hairline(
                from: Point(x: center.x - arm * dx, y: center.y - arm * dy),
                to: Point(x: center.x + arm * dx, y: center.y + arm * dy), color: cross, width: 1.6 * s)
        }
    }

    func drawAppIcon(_ name: String, in rect: Rect, radius: Double, on canvas: inout Canvas) {
        if drawFilled(appIcon, in: rect, radius: radius, on: &canvas) { return }
        let hue = name.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) } % 6
        let colors: [UInt32] = [0x007AFF, 0x34C759, 0xFF9500, 0xAF52DE, 0xFF2D55, 0x5AC8FA]
        canvas.fillRoundedRect(rect, radius: radius, RGBAColor(hex: colors[Int(hue)]))
        guard let initial = name.first(where: { $0.isLetter || $0.isNumber }) else { return }
        let initialStyle = TextStyle(size: rect.height * 0.6, weight: .bold, color: RGBAColor(hex: 0xFFFFFF))
        drawCentred(String(initial).uppercased(), style: initialStyle, in: rect, on: &canvas)
    }

    private func fit(_ data: Data, into box: PixelSize, clip: UnitRect? = nil) throws(ImageDecodingError) -> RGBAImage {
        let safe = PixelSize(width: max(1, box.width), height: max(1, box.height))
        return try ImageScaler.scale(data, to: ScaleRequest(box: safe, mode: .fit, limits: imageLimits, clip: clip))
            .image
    }

    private func style(_ points: Double, weight: FontWeight = .regular, color: RGBAColor) -> TextStyle {
        TextStyle(size: points * s, weight: weight, color: color)
    }

    /// Untrusted text as drawn on one line: control characters escaped, line breaks too.
    static func displayText(_ text: String) -> String {
        TerminalText.escaped(text)
    }
}
