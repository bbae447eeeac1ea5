import Foundation
import RichPreview
import RichPreviewImaging

extension CardPictureRenderer {
    /// The action menu's height in points for `rows` actions.
    func actionMenuHeight(rows: Int) -> Double {
        let menu = look.actionMenu
        return 2 * menu.verticalPadding + Double(rows) * menu.rowHeight
    }

    /// The actions as iOS 15 and later list them under an expanded notification
    /// (`StyleLook.ActionMenu`): a menu of the style's material below the platter (iOS 18's as
    /// wide as the platter with separators, iOS 26's narrower and centred), one row per action,
    /// the title in the label's colour (destructive ones in red) and the action's icon
    /// (`UNNotificationActionIcon`) in the same colour, at the trailing end (iOS 18) or before the
    /// title (iOS 26): an SF Symbol as its stand-in glyph (`ActionSymbolNames`), a template image
    /// through its alpha. An icon that cannot be drawn leaves its place empty
    /// (`undrawnActionIcons` says why); the title keeps clear of it either way. `x` and `width`
    /// are the platter's.
    func drawActionList(_ actions: [CardAction], top: Double, x: Double, width: Double, on canvas: inout Canvas) {
        let menu = look.actionMenu
        let row = menu.rowHeight * s
        let padding = menu.verticalPadding * s
        let iconSize = menu.iconSize * s
        let hasIcons = actions.contains { $0.icon != nil }
        let trailingSlot = menu.leadingIconCentre == nil ? iconSize + CardGeometry.headerGap * s : 0
        let titleInset = (hasIcons ? menu.titleInset : menu.titleInsetWithoutIcons) * s
        let styles = actions.map {
            TextStyle(size: menu.textSize * s, color: $0.isDestructive ? palette.destructive : palette.label)
        }
        var listWidth = width
        if let menuWidth = menu.width {
            let widest = zip(actions, styles).map { shaper.measure(Self.displayText($0.title), style: $1) }.max() ?? 0
            listWidth = min(width, max(menuWidth * s, titleInset + menu.trailingInset * s + trailingSlot + widest))
        }
        let list = Rect(
            x: x + (width - listWidth) / 2, y: top, width: listWidth, height: actionMenuHeight(rows: actions.count) * s)
        // No shadow: it would fall on the platter above, already drawn.
        paintPlatter(list, radius: menu.cornerRadius * s, shadow: false, on: &canvas)
        let room = listWidth - titleInset - menu.trailingInset * s - trailingSlot
        for (index, action) in actions.enumerated() {
            let y = list.y + padding + row * Double(index)
            if index > 0, menu.separators { drawSeparator(atY: y, from: list.x, to: list.maxX, on: &canvas) }
            let titleStyle = styles[index]
            // A text-input action's row shows its title only: the send button belongs to the text
            // field iOS opens.
            let title = LineWrapper.truncated(Self.displayText(action.title), maxWidth: max(0, room)) {
                shaper.measure($0, style: titleStyle)
            }
            let baseline = shaper.baseline(centringOn: y + row / 2, style: titleStyle)
            canvas.draw(
                shaper.shape(title, style: titleStyle),
                baselineOrigin: Point(x: list.x + titleInset, y: baseline))
            guard let icon = action.icon else { continue }
            let iconX =
                menu.leadingIconCentre.map { list.x + $0 * s - iconSize / 2 }
                ?? list.maxX - menu.trailingInset * s - iconSize
            let box = Rect(x: iconX, y: y + (row - iconSize) / 2, width: iconSize, height: iconSize)
            drawActionIcon(icon, in: box, color: titleStyle.color, on: &canvas)
        }
    }

    /// The icons of `actions` this renderer cannot draw, with why: a symbol without a stand-in
    /// glyph or without the symbol font, a template image not among `actionImages` or not
    /// decodable. Empty when every icon is drawn.
    public func undrawnActionIcons(_ actions: [CardAction]) -> [(action: CardAction, reason: String)] {
        actions.compactMap { action in
            guard let icon = action.icon else { return nil }
            switch actionIconArt(icon, side: look.actionMenu.iconSize * s, color: palette.label) {
            case .success: return nil
            case .failure(let reason): return (action, reason.message)
            }
        }
    }

    /// What an icon draws: its glyph, or its tinted image.
    private enum IconArt {
        case glyph(ShapedLine)
        case image(RGBAImage)
    }

    private struct IconProblem: Error {
        var message: String
    }

    private func drawActionIcon(_ icon: ActionIcon, in box: Rect, color: RGBAColor, on canvas: inout Canvas) {
        switch actionIconArt(icon, side: box.width, color: color) {
        case .success(.glyph(let line)):
            // The em square, standing on the baseline, centred in the slot.
            let em = line.ascent + line.descent
            canvas.draw(
                line,
                baselineOrigin: Point(
                    x: box.x + (box.width - line.width) / 2, y: box.y + (box.height + em) / 2 - line.descent))
        case .success(.image(let image)):
            canvas.draw(
                image,
                at: Point(
                    x: box.x + (box.width - Double(image.size.width)) / 2,
                    y: box.y + (box.height - Double(image.size.height)) / 2))
        case .failure: break
        }
    }

    /// The glyph or tinted image of `icon` for a slot `side` pixels square, in `color`.
    private func actionIconArt(_ icon: ActionIcon, side: Double, color: RGBAColor) -> Result<IconArt, IconProblem> {
        switch icon.kind {
        case .systemImage:
            guard let material = ActionSymbolNames.materialName(for: icon.name) else {
                return .failure(IconProblem(message: "SF Symbol '\(icon.name)' has no stand-in glyph here"))
            }
            do {
                return .success(.glyph(try shaper.fonts.symbol(material, style: TextStyle(size: side, color: color))))
            } catch {
                return .failure(IconProblem(message: "SF Symbol '\(icon.name)' is not drawn: \(error)"))
            }
        case .templateImage:
            guard let data = actionImages[icon.name] else {
                return .failure(IconProblem(message: "no image '\(icon.name)' was found in the project"))
            }
            do {
                return .success(.image(try Self.templateImage(data, side: side, color: color, limits: imageLimits)))
            } catch {
                return .failure(IconProblem(message: "image '\(icon.name)' is not drawn: \(error)"))
            }
        }
    }

    /// `data` as iOS draws a template image: fitted into a square `side` pixels wide (never
    /// enlarged), every pixel in `color` through its own alpha.
    static func templateImage(_ data: Data, side: Double, color: RGBAColor, limits: ImageLimits)
        throws(ImageDecodingError) -> RGBAImage
    {
        let shown = try ImageHeader.read(data).shownSize
        let limit = max(1, Int(side.rounded()))
        let box = PixelSize(width: min(limit, max(1, shown.width)), height: min(limit, max(1, shown.height)))
        var image = try ImageScaler.scale(data, to: ScaleRequest(box: box, mode: .fit, limits: limits)).image
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            var index = 0
            while index + 3 < pixels.count {
                pixels[index] = color.r
                pixels[index + 1] = color.g
                pixels[index + 2] = color.b
                pixels[index + 3] = UInt8((UInt32(pixels[index + 3]) * UInt32(color.a) + 127) / 255)
                index += 4
            }
        }
        return image
    }
}
