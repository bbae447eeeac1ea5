/// A width and height in pixels.
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Columns of pixels.
    public var width: Int
    /// Rows of pixels.
    public var height: Int

    /// A size from its sides; nothing is checked (a plan or a decoder refuses zero or negative sides).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width times height; `Int.max` when the product does not fit (it never traps).
    public var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// The size with width and height exchanged.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    public var description: String { "\(width)x\(height)" }
}
