/// What one scale did: sizes, orientation, DCT scaling and the time spent per stage.
public struct ScaleReport: Sendable, Equatable, Codable {
    public var format: MediaFormat
    /// The size stored in the file.
    public var inputSize: PixelSize
    /// The EXIF orientation found in the file, if any.
    public var orientation: ImageOrientation?
    /// A PNG's gAMA file gamma; read and reported, never applied (samples stay as stored).
    public var gamma: Double?
    /// Whether a PNG carries an ICC profile (iCCP); reported, never applied.
    public var iccProfile: Bool
    /// Whether the orientation was applied to the output.
    public var orientationApplied: Bool
    /// The libjpeg DCT scaling denominator used (1 = full size; always 1 for PNG and GIF).
    public var jpegScaleDenominator: Int
    public var mode: ScaleMode
    public var filter: ResamplingFilter
    public var outputSize: PixelSize
    /// Milliseconds spent decoding, resampling and orienting (decode and resample interleave).
    public var decodeMilliseconds: Double
    public var resampleMilliseconds: Double
    public var orientMilliseconds: Double
}
