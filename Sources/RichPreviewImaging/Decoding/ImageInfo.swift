/// What a whole, successful decode of an image file tells about it.
public struct ImageInfo: Sendable, Equatable {
    /// The format, one of `ImageFormats.decodable`.
    public var format: MediaFormat
    /// The stored size, before any orientation is applied.
    public var size: PixelSize
    /// Bits per sample as stored (PNG 1–16, JPEG 8, GIF the colour table's depth).
    public var bitDepth: Int
    /// The EXIF orientation, when the file has one.
    public var orientation: ImageOrientation?
    /// Number of frames (GIF); 1 for PNG and JPEG.
    public var frameCount: Int
    /// A PNG's file gamma (its gAMA chunk), as stored; nil when absent.
    public var gamma: Double?
    /// Whether the file carries an ICC profile (validation reports it; a scale or a decode converts
    /// the pixels from it to sRGB).
    public var hasICCProfile: Bool
    /// Whether a pixel may be transparent: an alpha channel, or a transparent colour (PNG tRNS,
    /// a GIF's transparent index).
    public var hasAlpha: Bool

    /// Facts from their parts, as the validator reports them.
    public init(
        format: MediaFormat, size: PixelSize, bitDepth: Int, orientation: ImageOrientation?, frameCount: Int,
        gamma: Double? = nil, hasICCProfile: Bool = false, hasAlpha: Bool = false
    ) {
        self.hasAlpha = hasAlpha
        self.format = format
        self.size = size
        self.bitDepth = bitDepth
        self.orientation = orientation
        self.frameCount = frameCount
        self.gamma = gamma
        self.hasICCProfile = hasICCProfile
    }
}
