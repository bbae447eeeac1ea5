import RichPreview

/// The text and control colours of a card picture, per appearance. iOS's system colours as
/// third-party measurements give them (notification-appearance §3–4: Flutter's `CupertinoColors`);
/// the platters' materials and the wallpaper are the style's (`NotificationStyle`).
struct CardPalette {
    let content: RGBAColor
    let label: RGBAColor
    let secondaryLabel: RGBAColor
    let separator: RGBAColor
    let destructive: RGBAColor
    let placeholder: RGBAColor
    let control: RGBAColor
    /// A movie's play button over its frame, which may be any colour: a near-opaque disc of the
    /// card's colour with a thin ring of the opposite, and the glyph in the label colour (chosen:
    /// the translucent grey of `control` vanished on light frames).
    let playDisc: RGBAColor
    let playRing: RGBAColor

    init(_ appearance: Appearance) {
        switch appearance {
        case .light:
            content = RGBAColor(hex: 0xFFFFFF)
            label = RGBAColor(hex: 0x000000)
            secondaryLabel = RGBAColor(r: 60, g: 60, b: 67, alpha: 0.6)
            separator = RGBAColor(r: 60, g: 60, b: 67, alpha: 0.29)
            destructive = RGBAColor(hex: 0xFF3B30)
            placeholder = RGBAColor(hex: 0xF2F2F7)
            control = RGBAColor(r: 120, g: 120, b: 128, alpha: 0.16)
            playDisc = RGBAColor(r: 255, g: 255, b: 255, alpha: 0.9)
            playRing = RGBAColor(r: 0, g: 0, b: 0, alpha: 0.25)
        case .dark:
            content = RGBAColor(hex: 0x1C1C1E)
            label = RGBAColor(hex: 0xFFFFFF)
            secondaryLabel = RGBAColor(r: 235, g: 235, b: 245, alpha: 0.6)
            separator = RGBAColor(r: 84, g: 84, b: 88, alpha: 0.6)
            destructive = RGBAColor(hex: 0xFF453A)
            placeholder = RGBAColor(hex: 0x2C2C2E)
            control = RGBAColor(r: 120, g: 120, b: 128, alpha: 0.36)
            playDisc = RGBAColor(r: 28, g: 28, b: 30, alpha: 0.9)
            playRing = RGBAColor(r: 255, g: 255, b: 255, alpha: 0.3)
        }
    }
}
