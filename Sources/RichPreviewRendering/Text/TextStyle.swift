/// How a run of text is drawn: size, weight and colour.
public struct TextStyle: Sendable, Hashable {
    /// The em size in pixels (iOS points times the screen scale). Sizes outside 0-2048 are
    /// clamped; 0, negative or NaN sizes draw and measure nothing.
    public var size: Double
    /// Regular, semibold or bold: picks each family's file.
    public var weight: FontWeight
    /// The colour of outline glyphs; colour emoji keep their own colours and take only its alpha.
    public var color: RGBAColor

    /// A style; regular black by default.
    public init(size: Double, weight: FontWeight = .regular, color: RGBAColor = .black) {
        self.size = size
        self.weight = weight
        self.color = color
    }

    /// `size` clamped to what can be rendered: 0 for NaN or non-positive sizes, at most 2048.
    var pixelSize: Double {
        guard size > 0 else { return 0 }
        return min(size, FreeTypeShim.maxPixelSize)
    }
}
