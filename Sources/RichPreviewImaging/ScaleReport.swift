/// What one scale did: sizes, orientation, DCT scaling and the time spent per stage.
public struct ScaleReport: Sendable, Equatable, Codable {
    /// The input's format.
    public var format: MediaFormat
    /// The size stored in the file.
    public var inputSize: PixelSize
    /// The EXIF orientation found in the file, if any.
    public var orientation: ImageOrientation?
    /// A PNG's gAMA file gamma, as stored (`colour` says whether it was applied).
    public var gamma: Double?
    /// Whether the input carries an ICC profile (JPEG APP2, PNG iCCP, HEIF `colr`, WebP ICCP):
    /// `colour` says what was done with it.
    public var iccProfile: Bool
    /// Whether the orientation was applied to the output.
    public var orientationApplied: Bool
    /// The libjpeg DCT scaling denominator used (1 = full size; always 1 for PNG and GIF).
    public var jpegScaleDenominator: Int
    /// The content mode used.
    public var mode: ScaleMode
    /// The resampling filter used.
    public var filter: ResamplingFilter
    /// The result's size, after orientation.
    public var outputSize: PixelSize
    /// Milliseconds spent in the decoder (decoding and resampling interleave, row batch by batch,
    /// on one thread; with two they overlap, so the stages add up to more than the wall time).
    public var decodeMilliseconds: Double
    /// Milliseconds spent resampling (on the helper thread when `threadsUsed` is 2).
    public var resampleMilliseconds: Double
    /// Milliseconds spent turning the result upright.
    public var orientMilliseconds: Double
    /// Threads the scale ran on: 2 when a helper thread resampled while the calling thread decoded,
    /// or decoded a share of a HEIC's pictures, else 1.
    public var threadsUsed: Int
    /// What was done with the input's ICC profile; nil when it has none.
    public var colour: ColourReport? = nil
}
