/// An axis-aligned rectangle in pixels; one with a negative or NaN width or height is empty.
public struct Rect: Sendable, Hashable {
    /// The left edge, in pixels.
    public var x: Double
    /// The top edge, in pixels.
    public var y: Double
    /// Pixels rightwards from the left edge.
    public var width: Double
    /// Pixels downwards from the top edge.
    public var height: Double

    /// A rectangle with its top-left corner at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The left edge.
    public var minX: Double { x }
    /// The top edge.
    public var minY: Double { y }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
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
