/// What an image file's header says, read before any pixel is decoded.
struct DecoderHeader {
    /// The size as stored: the rows a decode at full size serves.
    var size: PixelSize
    /// The EXIF orientation still to apply; nil when there is none or the decoder applies it.
    var orientation: ImageOrientation?
    /// Bits per sample as stored.
    var bitDepth: Int
    /// A PNG's file gamma (gAMA), as stored.
    var gamma: Double? = nil
    /// The file's ICC profile, as stored; nil when it has none or it cannot be read out.
    var iccProfile: [UInt8]? = nil
    /// Why a profile the file carries could not be read out (damaged markers or chunk).
    var iccProblem: String? = nil
    /// A PNG's gAMA and cHRM chunks, when no iCCP or sRGB chunk comes before them.
    var pngColour: PNGColourChunks? = nil

    /// Whether the file carries an ICC profile, usable or not.
    var hasICCProfile: Bool { iccProfile != nil || iccProblem != nil }
}

/// How a decode starts: the reduction a format that decodes reduced (`decodesReduced`) applies as
/// it reads, and whether every part of the file is read (validation) or only what the pixels need.
struct DecodeStart {
    /// 1, 2, 4 or 8; ignored by formats that decode at full size only.
    var reduction = 1
    /// A faster, slightly less exact decode where the format has one (JPEG's fast IDCT).
    var fast = false
    /// Every scan read, even those a reduced decode does not need, so that damage anywhere counts.
    var readingEveryScan = false
    /// The threads a decode that can share its work may use (a HEIC's pictures); 1: this one.
    var threads = 1
}

/// One image format's decoder, over bytes that outlive it: its header, its limits and its rows.
/// Each format is one type in `Decoding/Formats`, listed once in `ImageFormats.decoders`; the
/// header, validator, decoder, scaler and the memory estimate reach every format through it.
///
/// The calls come in order: `init` (the header), `prepare(limits:)`, `start(_:limits:)`,
/// `readRows` until every row is read, `finish()`. `validate(limits:)` replaces the last three.
protocol ImageFormatDecoder: AnyObject {
    /// The format decoded.
    static var format: MediaFormat { get }
    /// Whether `signature` (the file's first bytes, at most 16) starts a file of the format.
    static func matches(_ signature: [UInt8]) -> Bool
    /// Whether the decode can reduce by 2, 4 or 8 as it reads, for less work than a full decode.
    static var decodesReduced: Bool { get }
    /// Whether the decode can share its work among threads (`DecodeStart.threads`).
    static var decodesOnThreads: Bool { get }
    /// The threads the decode ran on.
    var threadsUsed: Int { get }

    /// Reads the header; decodes no pixel.
    /// - Throws: `ImageDecodingError.corrupt` for a header the format's library refuses.
    init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError)

    /// What the header says.
    var header: DecoderHeader { get }
    /// Whether a pixel may be transparent; final after `prepare(limits:)`.
    var hasAlpha: Bool { get }
    /// Bytes the decoder holds whole while it serves rows, beyond the rows themselves (a
    /// progressive JPEG's coefficients, the pixels of a format decoded whole): what a scale's
    /// memory estimate adds. It may read ahead (a GIF's first frame descriptor): the decoder is
    /// not used after.
    var estimatedWholeImageBytes: Int { get }

    /// Checks what the decode will hold whole against `limits` before it is allocated, and reads
    /// what must be read before the rows' facts are known (a GIF's first frame). The pixel limit
    /// has been checked by the caller.
    func prepare(limits: ImageLimits) throws(ImageDecodingError)
    /// Starts the decode and returns the size of the rows it serves.
    func start(_ start: DecodeStart, limits: ImageLimits) throws(ImageDecodingError) -> PixelSize
    /// The whole image decoded, 8-bit RGBA rows `size.width * 4` bytes apart, once started and
    /// before any row is read; nil for a decoder that serves rows as it decodes them.
    var decodedImage: UnsafePointer<UInt8>? { get }
    /// Writes the next `count` rows of 8-bit RGBA, `stride` bytes apart.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError)
    /// Reads what follows the rows to the end of the file, so that damage there counts too.
    func finish() throws(ImageDecodingError)
    /// Decodes the whole file as a phone would, keeping no more pixels than the format needs,
    /// and returns its number of frames.
    func validate(limits: ImageLimits) throws(ImageDecodingError) -> Int
}

extension ImageFormatDecoder {
    static var decodesReduced: Bool { false }
    static var decodesOnThreads: Bool { false }
    var threadsUsed: Int { 1 }
    var format: MediaFormat { Self.format }
    var decodedImage: UnsafePointer<UInt8>? { nil }
}

/// A format whose library decodes the whole image before any row is served (libwebp, libheif):
/// the rows, the end and the validation come from one whole decode.
protocol WholeImageDecoder: ImageFormatDecoder {
    /// The decoded rows, once the decode has started.
    var decodedRows: BufferedRows? { get set }
    /// The frames the file holds, as validation reports them.
    var frameCount: Int { get }
    /// Runs the part of the decode that needs none of the rows' memory, before it is allocated (so
    /// that a codec's own buffers are gone by then); nothing by default.
    func decodeBeforeAllocating() throws(ImageDecodingError)
    /// Lets the decode share its work among `threads` threads, where the library can; nothing by
    /// default.
    func useThreads(_ threads: Int)
    /// Decodes the whole image into `pixels`, rows `stride` bytes apart (`header.size`).
    func decodeWhole(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageDecodingError)
}

extension WholeImageDecoder {
    func decodeBeforeAllocating() throws(ImageDecodingError) {}
    func useThreads(_ threads: Int) {}

    func start(_ start: DecodeStart, limits: ImageLimits) throws(ImageDecodingError) -> PixelSize {
        useThreads(start.threads)
        decodedRows = try decodedImage(limits: limits)
        return header.size
    }

    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError) {
        decodedRows?.read(into: rows, count: count, stride: stride)
    }

    func finish() throws(ImageDecodingError) {}

    var decodedImage: UnsafePointer<UInt8>? { decodedRows?.unread }

    func validate(limits: ImageLimits) throws(ImageDecodingError) -> Int {
        try prepare(limits: limits)
        _ = try decodedImage(limits: limits)
        return frameCount
    }

    private func decodedImage(limits: ImageLimits) throws(ImageDecodingError) -> BufferedRows {
        try decodeBeforeAllocating()
        return try BufferedRows(
            size: header.size, format: format, limits: limits, purpose: "its decoded \(header.size) pixels"
        ) { pixels, stride throws(ImageDecodingError) in try decodeWhole(into: pixels, stride: stride) }
    }
}

/// Rows served from a whole decoded image, for formats that give no row before the end.
struct BufferedRows {
    private let pixels: PixelMemory
    private var served = 0

    /// Allocates a `size` RGBA buffer, within `limits`, and lets `decode` fill it.
    init(
        size: PixelSize, format: MediaFormat, limits: ImageLimits, purpose: String,
        decode: (UnsafeMutablePointer<UInt8>, Int) throws(ImageDecodingError) -> Void
    ) throws(ImageDecodingError) {
        try limits.checkMemory(ImageLimits.rgbaBytes(size), for: purpose, format: format)
        guard let pixels = PixelMemory(count: size.pixelCount * 4) else { throw .outOfMemory(format: format) }
        try decode(pixels.base, size.width * 4)
        self.pixels = pixels
    }

    /// The whole image, while no row has been read.
    var unread: UnsafePointer<UInt8>? { served == 0 ? UnsafePointer(pixels.base) : nil }

    /// Copies the next `count` rows of `stride` bytes.
    mutating func read(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        let start = min(served * stride, pixels.count)
        let length = min(count * stride, pixels.count - start)
        rows.update(from: pixels.base + start, count: length)
        served += count
    }
}
