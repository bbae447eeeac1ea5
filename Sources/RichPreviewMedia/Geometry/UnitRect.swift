/// A rectangle in unit coordinates (0…1 across the image), as `CGRect.dictionaryRepresentation`
/// writes a thumbnail clipping rectangle.
public struct UnitRect: Sendable, Equatable, Codable {
    /// Left edge, as a fraction of the image's width (0 is the left side).
    public var x: Double
    /// Top edge, as a fraction of the image's height (0 is the top).
    public var y: Double
    /// Width, as a fraction of the image's width.
    public var width: Double
    /// Height, as a fraction of the image's height.
    public var height: Double

    /// Creates a rectangle from its origin and size in unit coordinates; not checked (see
    /// `isInsideUnitSquare`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole image.
    public static let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)

    /// Whether the rectangle has an area and lies inside the unit square.
    public var isInsideUnitSquare: Bool {
        [x, y, width, height].allSatisfy(\.isFinite) && x >= 0 && y >= 0 && width > 0 && height > 0
            && x + width <= 1 + 1e-9 && y + height <= 1 + 1e-9
    }

    /// The rectangle in the pixels of an image of `size`, clamped to the image (a value that is
    /// not finite is taken as the whole image's; an empty rectangle as a sliver of 1e-6 pixels).
    public func region(in size: PixelSize) -> ScalePlan.Region {
        func unit(_ value: Double, or fallback: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : fallback }
        let left = unit(x, or: 0)
        let top = unit(y, or: 0)
        let right = max(left, unit(x + width, or: 1))
        let bottom = max(top, unit(y + height, or: 1))
        let w = Double(size.width)
        let h = Double(size.height)
        return ScalePlan.Region(
            x: left * w, y: top * h, width: max((right - left) * w, 1e-6), height: max((bottom - top) * h, 1e-6))
    }
}
