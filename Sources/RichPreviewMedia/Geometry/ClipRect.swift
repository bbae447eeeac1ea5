/// A part of an image in unit coordinates: fractions of its upright width and height from its
/// top-left corner, as `UNNotificationAttachmentOptionsThumbnailClippingRectKey` gives the part
/// of an attachment its thumbnail shows.
public struct ClipRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Left edge, as a fraction of the width.
    public var x: Double
    /// Top edge, as a fraction of the height.
    public var y: Double
    /// Width, as a fraction of the image's.
    public var width: Double
    /// Height, as a fraction of the image's.
    public var height: Double

    /// The whole image.
    public static let whole = ClipRect(uncheckedX: 0, y: 0, width: 1, height: 1)

    /// A clip inside the unit square; nil when a value is not finite, a side is not positive or
    /// the rectangle reaches outside the image (beyond a rounding error of 1e-9, which is clamped).
    public init?(x: Double, y: Double, width: Double, height: Double) {
        let slack = 1e-9
        guard [x, y, width, height].allSatisfy(\.isFinite), width > 0, height > 0, x >= -slack, y >= -slack,
            x + width <= 1 + slack, y + height <= 1 + slack
        else { return nil }
        let left = max(0, x)
        let top = max(0, y)
        self.init(uncheckedX: left, y: top, width: min(width, 1 - left), height: min(height, 1 - top))
    }

    private init(uncheckedX x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `x,y,width,height`.
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// The clip in the pixels of an image of `size`.
    public func region(in size: PixelSize) -> ScalePlan.Region {
        let w = Double(size.width)
        let h = Double(size.height)
        return ScalePlan.Region(x: x * w, y: y * h, width: max(width * w, 1e-6), height: max(height * h, 1e-6))
    }
}
