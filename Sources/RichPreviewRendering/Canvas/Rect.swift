/// An axis-aligned rectangle in pixels; one with a negative or NaN width or height is empty.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// A rectangle with its top-left corner at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// True when nothing is inside: no positive finite width and height.
    public var isEmpty: Bool {
        !(width > 0 && height > 0 && x.isFinite && y.isFinite && width.isFinite && height.isFinite)
    }

    /// The rectangle moved inwards by `dx` on the left and right and `dy` at the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}
