/// The colours of a card in 24-bit ANSI output: iOS's system colours (spec notification-appearance
/// §3–4, third-party measurements of `CupertinoColors`) composited over the platter colour, since
/// a terminal cell has no transparency.
struct TerminalPalette {
    typealias Color = (r: UInt8, g: UInt8, b: UInt8)

    let platter: Color
    let label: Color
    let secondaryLabel: Color
    let separator: Color
    let destructive: Color
    let placeholder: Color

    init(_ appearance: Appearance) {
        switch appearance {
        case .light:
            platter = (250, 250, 250)
            label = (0, 0, 0)
            secondaryLabel = Self.blend((60, 60, 67), 0.6, over: platter)
            separator = Self.blend((60, 60, 67), 0.29, over: platter)
            destructive = (255, 59, 48)
            placeholder = (242, 242, 247)
        case .dark:
            platter = (30, 30, 30)
            label = (255, 255, 255)
            secondaryLabel = Self.blend((235, 235, 245), 0.6, over: platter)
            separator = Self.blend((84, 84, 88), 0.6, over: platter)
            destructive = (255, 69, 58)
            placeholder = (44, 44, 46)
        }
    }

    static func blend(_ color: Color, _ alpha: Double, over background: Color) -> Color {
        func channel(_ value: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((Double(value) * alpha + Double(under) * (1 - alpha)).rounded())
        }
        return (channel(color.r, background.r), channel(color.g, background.g), channel(color.b, background.b))
    }
}
