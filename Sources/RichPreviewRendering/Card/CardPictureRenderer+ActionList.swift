import RichPreview

extension CardPictureRenderer {
    /// The actions as iOS 15 and later list them under an expanded notification: a separate
    /// rounded list of the style's material, one row per action with a separator between rows,
    /// the title at the leading end (destructive ones in red) and a slot for the action's symbol
    /// at the trailing end. The card model carries no `UNNotificationActionIcon`, and an unknown
    /// symbol is never drawn, so the slot stays empty; it keeps the title clear of it.
    func drawActionList(_ actions: [CardAction], top: Double, x: Double, width: Double, on canvas: inout Canvas) {
        let look = look
        let row = look.actionRowHeight * s
        let list = Rect(x: x, y: top, width: width, height: row * Double(actions.count))
        // No shadow: it would fall on the platter above, already drawn.
        paintPlatter(list, radius: look.actionListCornerRadius * s, shadow: false, on: &canvas)
        let inset = look.actionInset * s
        let room = width - 2 * inset - look.actionIconSlot * s - CardGeometry.headerGap * s
        for (index, action) in actions.enumerated() {
            let y = top + row * Double(index)
            if index > 0 { drawSeparator(atY: y, from: x, to: x + width, on: &canvas) }
            let titleStyle = TextStyle(
                size: look.actionTextSize * s, color: action.isDestructive ? palette.destructive : palette.label)
            // A text-input action's row shows its title only: the send button belongs to the text
            // field iOS opens.
            let title = LineWrapper.truncated(Self.displayText(action.title), maxWidth: max(0, room)) {
                shaper.measure($0, style: titleStyle)
            }
            let baseline = shaper.baseline(centringOn: y + row / 2, style: titleStyle)
            canvas.draw(shaper.shape(title, style: titleStyle), baselineOrigin: Point(x: x + inset, y: baseline))
        }
    }
}
