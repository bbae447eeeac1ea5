/// Limits checked against an image's header before any pixel memory is allocated.
public struct ImageLimits: Sendable, Equatable {
    /// The default pixel budget: 100 megapixels.
    public static let defaultMaxPixels = 100_000_000

    /// The largest width × height accepted.
    public var maxPixels: Int

    public init(maxPixels: Int = ImageLimits.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }
}
