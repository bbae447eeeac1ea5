import Foundation
import RichPreview
import RichPreviewImaging

extension CardPictureRenderer {
    /// The actions as iOS 15 and later list them under an expanded notification: a separate
    /// rounded list of the style's material, one row per action with a separator between rows,
    /// the title at the leading end (destructive ones in red) and the action's icon
    /// (`UNNotificationActionIcon`) at the trailing end, in the title's colour: an SF Symbol as its
    /// stand-in glyph (`ActionSymbolNames`), a template image through its alpha. An icon that
    /// cannot be drawn leaves its slot empty (`undrawnActionIcons` says why); the slot keeps the
    /// title clear of it either way.
    func drawActionList(_ actions: [CardAction], top: Double, x: Double, width: Double, on canvas: inout Canvas) {
        let look = look
        let row = look.actionRowHeight * s
        let list = Rect(x: x, y: top, width: width, height: row * Double(actions.count))
        // No shadow: it would fall on the platter above, already drawn.
        paintPlatter(list, radius: look.actionListCornerRadius * s, shadow: false, on: &canvas)
        let inset = look.actionInset * s
        let slot = look.actionIconSlot * s
        let room = width - 2 * inset - slot - CardGeometry.headerGap * s
        for (index, action) in actions.enumerated() {
            let y = top + row * Double(index)
            if index > 0 { drawSeparator(atY: y, from: x, to: x + width, on: &canvas) }
            let color = action.isDestructive ? palette.destructive : palette.label
            let titleStyle = TextStyle(size: look.actionTextSize * s, color: color)
            // A text-input action's row shows its title only: the send button belongs to the text
            // field iOS opens.
            let title = LineWrapper.truncated(Self.displayText(action.title), maxWidth: max(0, room)) {
                shaper.measure($0, style: titleStyle)
            }
            let baseline = shaper.baseline(centringOn: y + row / 2, style: titleStyle)
            canvas.draw(shaper.shape(title, style: titleStyle), baselineOrigin: Point(x: x + inset, y: baseline))
            if let icon = action.icon {
                let box = Rect(x: x + width - inset - slot, y: y + (row - slot) / 2, width: slot, height: slot)
                drawActionIcon(icon, in: box, color: color, on: &canvas)
            }
        }
    }

    /// The icons of `actions` this renderer cannot draw, with why: a symbol without a stand-in
    /// glyph or without the symbol font, a template image not among `actionImages` or not
    /// decodable. Empty when every icon is drawn.
    public func undrawnActionIcons(_ actions: [CardAction]) -> [(action: CardAction, reason: String)] {
        actions.compactMap { action in
            guard let icon = action.icon else { return nil }
            switch actionIconArt(icon, side: look.actionIconSlot * s, color: palette.label) {
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
