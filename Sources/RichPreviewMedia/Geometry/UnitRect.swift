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

    /// The rectangle in the pixels of an image of `size`, clamped to the image.
    public func region(in size: PixelSize) -> ScalePlan.Region {
        let w = Double(size.width)
        let h = Double(size.height)
        let left = min(max(x.isFinite ? x : 0, 0), 1)
        let top = min(max(y.isFinite ? y : 0, 0), 1)
        let right = min(max(x + width, left), 1)
        let bottom = min(max(y + height, top), 1)
        return ScalePlan.Region(
            x: left * w, y: top * h, width: max((right - left) * w, 1e-6), height: max((bottom - top) * h, 1e-6))
    }
}
