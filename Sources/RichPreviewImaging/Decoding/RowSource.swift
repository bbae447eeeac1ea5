import Foundation

/// Decoded 8-bit RGBA rows, top to bottom, from any format's decoder (`ImageFormats`).
///
/// Checks the limits from the header before anything is allocated: the pixel budget, and the
/// memory budget for every whole-image buffer the decoder holds.
final class RowSource {
    private let decoder: any ImageFormatDecoder
    private let limits: ImageLimits
    private let facts: DecoderHeader
    private var started = false
    /// The size of the rows served (smaller than `storedSize` after a reduced decode).
    private(set) var size: PixelSize
    /// The reduction the decode was started with (1 unless a format that decodes reduced was).
    private(set) var scaleDenominator = 1

    var format: MediaFormat { decoder.format }
    /// The stored size (before any reduction).
    var storedSize: PixelSize { facts.size }
    var orientation: ImageOrientation? { facts.orientation }
    var hasAlpha: Bool { decoder.hasAlpha }
    var bitDepth: Int { facts.bitDepth }
    /// A PNG's gAMA file gamma, and whether the file has an ICC profile: reported, never applied.
    var gamma: Double? { facts.gamma }
    var hasICCProfile: Bool { facts.hasICCProfile }
    /// Whether the decode can reduce by 2, 4 or 8 as it reads.
    var decodesReduced: Bool { type(of: decoder).decodesReduced }

    /// Reads the header of `bytes` (which must outlive the source) and checks `limits`.
    init(bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageDecodingError) {
        decoder = try ImageFormats.decoder(for: bytes)
        self.limits = limits
        facts = decoder.header
        try limits.checkPixels(facts.size, format: decoder.format)
        try decoder.prepare(limits: limits)
        size = facts.size
    }

    /// Starts decoding; a format that decodes reduced is reduced by `jpegScaleDenominator` (1, 2, 4
    /// or 8), reading every scan of a progressive JPEG when `readingEveryScan` (else the scans a
    /// reduced decode does not need are skipped).
    func start(jpegScaleDenominator: Int = 1, fastJPEG: Bool = false, readingEveryScan: Bool = false)
        throws(ImageDecodingError)
    {
        guard !started else { return }
        started = true
        let reduction = decodesReduced ? jpegScaleDenominator : 1
        size = try decoder.start(
            DecodeStart(reduction: reduction, fast: fastJPEG, readingEveryScan: readingEveryScan), limits: limits)
        scaleDenominator = reduction
    }

    /// Every row (the source started), checked against the memory budget first, then the rest of
    /// the file: the image as stored, at the size served.
    func readWholeImage() throws(ImageDecodingError) -> RGBAImage {
        try limits.checkMemory(ImageLimits.rgbaBytes(size), for: "its decoded \(size) pixels", format: format)
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        try pixels.withUnsafeMutableBufferPointer { buffer throws(ImageDecodingError) in
            try readRows(into: buffer.baseAddress!, count: size.height)
        }
        try finish()
        return RGBAImage(size: size, pixels: pixels)
    }

    /// Reads the next `count` rows into `rows`, `size.width * 4` bytes per row.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int) throws(ImageDecodingError) {
        try decoder.readRows(into: rows, count: count, stride: size.width * 4)
    }

    /// Reads what follows the image data to the end of the file, so that damage there counts too.
    func finish() throws(ImageDecodingError) {
        try decoder.finish()
    }
}
