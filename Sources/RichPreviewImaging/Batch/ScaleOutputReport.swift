/// What scaling one input into one output did: `richpreview scale --json` prints one of these
/// (an array of them, in input order, with `--output-dir` or several `-o`). Every key is written,
/// null when it has no value: on failure, all but `input`, `output` and `error`.
public struct ScaleOutputReport: Sendable, Equatable, Codable {
    /// The input as given, or `<stdin>`.
    public var input: String
    /// The output file, or `-` for standard output.
    public var output: String
    /// The input's format.
    public var format: MediaFormat?
    /// The size stored in the input.
    public var inputSize: PixelSize?
    /// The EXIF orientation found in the input (1 to 8).
    public var orientation: Int?
    /// A PNG's gAMA file gamma, as stored.
    public var gamma: Double?
    /// Whether the input carries an ICC profile.
    public var iccProfile: Bool?
    /// Whether the orientation was applied to the output.
    public var orientationApplied: Bool?
    /// The libjpeg DCT scaling denominator used (1 = full size).
    public var jpegScaleDenominator: Int?
    /// The content mode used.
    public var mode: ScaleMode?
    /// The resampling filter used.
    public var filter: ResamplingFilter?
    /// The output's size in pixels, after orientation.
    public var outputSize: PixelSize?
    /// The format written.
    public var outputFormat: OutputFormat?
    /// The size of the file written, in bytes.
    public var outputBytes: Int?
    /// The quality a JPEG was written at; nil for PNG.
    public var jpegQuality: Int?
    /// The settings a PNG was written with; nil for JPEG.
    public var png: PNGSettings?
    /// What was done with the input's ICC profile; nil when it has none.
    public var colour: ColourReport?
    /// Milliseconds per stage.
    public var milliseconds: Timings?
    /// Why the output was not written; nil when it was.
    public var error: String?

    /// Milliseconds per stage; decode and resample interleave, so their sum is below the total.
    public struct Timings: Sendable, Equatable, Codable {
        /// In the decoder.
        public var decode: Double
        /// Resampling.
        public var resample: Double
        /// Turning the result upright.
        public var orient: Double
        /// Encoding and writing.
        public var encode: Double
        /// From reading the input to the output written.
        public var total: Double

        /// The times of each stage, in milliseconds.
        public init(decode: Double, resample: Double, orient: Double, encode: Double, total: Double) {
            self.decode = decode
            self.resample = resample
            self.orient = orient
            self.encode = encode
            self.total = total
        }
    }

    /// The report of an output not written: `error` says why.
    public init(input: String, output: String, error: String? = nil) {
        self.input = input
        self.output = output
        self.error = error
    }

    /// The report of `scale` encoded as `encoded` into `output`, taking `encodeMilliseconds` to
    /// encode and write and `totalMilliseconds` in all.
    public init(
        input: String, output: String, scale: ScaleReport, encoded: EncodedImage, encodeMilliseconds: Double,
        totalMilliseconds: Double
    ) {
        self.input = input
        self.output = output
        format = scale.format
        inputSize = scale.inputSize
        orientation = scale.orientation?.rawValue
        gamma = scale.gamma
        iccProfile = scale.iccProfile
        orientationApplied = scale.orientationApplied
        jpegScaleDenominator = scale.jpegScaleDenominator
        mode = scale.mode
        filter = scale.filter
        outputSize = scale.outputSize
        outputFormat = encoded.format
        outputBytes = encoded.data.count
        jpegQuality = encoded.jpegQuality
        png = encoded.pngSettings
        colour = scale.colour
        milliseconds = Timings(
            decode: scale.decodeMilliseconds, resample: scale.resampleMilliseconds, orient: scale.orientMilliseconds,
            encode: encodeMilliseconds, total: totalMilliseconds)
    }

    /// Whether the output was written.
    public var succeeded: Bool { outputFormat != nil }

    private enum CodingKeys: String, CodingKey {
        case input, output, format, inputSize, orientation, gamma, iccProfile, orientationApplied
        case jpegScaleDenominator, mode, filter, outputSize, outputFormat, outputBytes, jpegQuality, png, colour
        case milliseconds, error
    }

    /// Writes every key, null for a value the report does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(output, forKey: .output)
        try container.encode(format, forKey: .format)
        try container.encode(inputSize, forKey: .inputSize)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(gamma, forKey: .gamma)
        try container.encode(iccProfile, forKey: .iccProfile)
        try container.encode(orientationApplied, forKey: .orientationApplied)
        try container.encode(jpegScaleDenominator, forKey: .jpegScaleDenominator)
        try container.encode(mode, forKey: .mode)
        try container.encode(filter, forKey: .filter)
        try container.encode(outputSize, forKey: .outputSize)
        try container.encode(outputFormat, forKey: .outputFormat)
        try container.encode(outputBytes, forKey: .outputBytes)
        try container.encode(jpegQuality, forKey: .jpegQuality)
        try container.encode(png, forKey: .png)
        try container.encode(colour, forKey: .colour)
        try container.encode(milliseconds, forKey: .milliseconds)
        try container.encode(error, forKey: .error)
    }
}
