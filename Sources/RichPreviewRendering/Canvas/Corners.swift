/// Which corners of a rectangle are rounded.
public struct Corners: OptionSet, Sendable, Hashable {
    /// One bit per corner.
    public let rawValue: UInt8

    /// A set of corners from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The top-left corner.
    public static let topLeft = Corners(rawValue: 1)
    /// The top-right corner.
    public static let topRight = Corners(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = Corners(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = Corners(rawValue: 8)
    /// The two top corners: the upper part of a card split in two.
    public static let top: Corners = [.topLeft, .topRight]
    /// The two bottom corners.
    public static let bottom: Corners = [.bottomLeft, .bottomRight]
    /// All four corners.
    public static let all: Corners = [.top, .bottom]
}
