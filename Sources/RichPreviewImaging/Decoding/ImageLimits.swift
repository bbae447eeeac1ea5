/// Limits checked before memory is allocated for an image: its declared pixels, and the bytes the
/// decode (and a scale's output) would need.
public struct ImageLimits: Sendable, Equatable {
    /// The default pixel budget: 100 megapixels.
    public static let defaultMaxPixels = 100_000_000
    /// The default memory budget: 256 MiB, well under the 400 MB that 100 megapixels of RGBA need,
    /// so that an image only a whole-image buffer can decode (an interlaced PNG, a GIF, a
    /// progressive JPEG's coefficients) is refused long before the pixel budget would stop it.
    public static let defaultMaxMemory = 256 * 1024 * 1024

    /// The largest width × height accepted, for the input and for a scale's output.
    public var maxPixels: Int
    /// The most bytes one decode or scale may allocate for whole-image buffers, in bytes.
    public var maxMemory: Int

    /// Limits of `maxPixels` pixels and `maxMemory` bytes; the defaults suit any attachment iOS takes.
    public init(maxPixels: Int = ImageLimits.defaultMaxPixels, maxMemory: Int = ImageLimits.defaultMaxMemory) {
        self.maxPixels = maxPixels
        self.maxMemory = maxMemory
    }

    /// Throws when `size` is over the pixel budget.
    func checkPixels(_ size: PixelSize, format: MediaFormat) throws(ImageDecodingError) {
        if size.pixelCount > maxPixels { throw .overPixelLimit(format: format, size: size, limit: maxPixels) }
    }

    /// Throws when a buffer of `bytes` (nil: too large to count) for `purpose` is over the memory budget.
    func checkMemory(_ bytes: Int?, for purpose: String, format: MediaFormat?) throws(ImageDecodingError) {
        guard let bytes, bytes <= maxMemory else {
            throw .overMemoryLimit(format: format, purpose: purpose, bytes: bytes, limit: maxMemory)
        }
    }

    /// Bytes of an RGBA8 buffer of `size`, or nil when the count overflows.
    static func rgbaBytes(_ size: PixelSize) -> Int? {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard !overflow else { return nil }
        let (bytes, overflowBytes) = pixels.multipliedReportingOverflow(by: 4)
        return overflowBytes ? nil : bytes
    }
}
