/// A position in pixels: x rightwards and y downwards from the canvas's top-left corner.
public struct Point: Sendable, Hashable {
    /// Pixels rightwards from the left edge.
    public var x: Double
    /// Pixels downwards from the top edge.
    public var y: Double

    /// A point at `x`, `y` pixels.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)

    var isFinite: Bool { x.isFinite && y.isFinite }
}
