/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0-255 (sRGB-encoded).
    public var r: UInt8
    /// Green, 0-255.
    public var g: UInt8
    /// Blue, 0-255.
    public var b: UInt8
    /// 0 transparent to 255 opaque.
    public var a: UInt8

    /// A colour from 8-bit channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A colour from 8-bit channels and an alpha from 0 to 1 (CSS `rgba(60, 60, 67, 0.6)`),
    /// rounded to the nearest 255th; values outside 0-1 are clamped, NaN is 0.
    public init(r: UInt8, g: UInt8, b: UInt8, alpha: Double) {
        self.init(r: r, g: g, b: b, a: Self.alphaByte(alpha))
    }

    /// A colour from `0xRRGGBB` (bits above 24 ignored) and an alpha from 0 to 1.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            r: UInt8(truncatingIfNeeded: hex >> 16), g: UInt8(truncatingIfNeeded: hex >> 8),
            b: UInt8(truncatingIfNeeded: hex), a: Self.alphaByte(alpha))
    }

    /// The colour with its alpha multiplied by `opacity` (0-1).
    public func withOpacity(_ opacity: Double) -> RGBAColor {
        RGBAColor(r: r, g: g, b: b, a: Self.alphaByte(Double(a) / 255 * opacity))
    }

    /// Opaque black.
    public static let black = RGBAColor(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBAColor(r: 255, g: 255, b: 255)
    /// Fully transparent black.
    public static let clear = RGBAColor(r: 0, g: 0, b: 0, a: 0)

    /// `#RRGGBB`, with the alpha when not opaque.
    public var description: String {
        let hex = [r, g, b].map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return "#" + hex.joined() + (a == 255 ? "" : " alpha \(a)/255")
    }

    private static func alphaByte(_ alpha: Double) -> UInt8 {
        guard !alpha.isNaN else { return 0 }
        return UInt8((min(max(alpha, 0), 1) * 255).rounded())
    }
}
