import Foundation

/// Decoded 8-bit RGBA rows, top to bottom, from any format's decoder (`ImageFormats`).
///
/// Checks the limits from the header before anything is allocated: the pixel budget, and the
/// memory budget for every whole-image buffer the decoder holds. Rows of an image whose ICC
/// profile is not sRGB are converted to sRGB as they are served, unless the profile is kept.
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
    /// A PNG's gAMA file gamma, as stored (`colour` says whether it was applied).
    var gamma: Double? { facts.gamma }
    /// Whether the file carries an ICC profile; `colour` says what is done with it.
    var hasICCProfile: Bool { facts.hasICCProfile }
    /// The bytes the decoder holds for the whole image (see `ImageFormatDecoder`), for the cost report.
    var estimatedWholeImageBytes: Int { decoder.estimatedWholeImageBytes }
    /// Whether the decode can reduce by 2, 4 or 8 as it reads.
    var decodesReduced: Bool { type(of: decoder).decodesReduced }
    /// Whether the decode can share its work among threads (`start(threads:)`).
    var decodesOnThreads: Bool { type(of: decoder).decodesOnThreads }
    /// The threads the decode ran on.
    var decodeThreadsUsed: Int { decoder.threadsUsed }
    /// What is done with the image's ICC profile; nil when it has none.
    let colour: ColourReport?
    /// The profile kept for the output (`keepingProfile`), as stored.
    let keptProfile: [UInt8]?
    /// Converts served rows to sRGB; nil when they are kept as decoded.
    private let transform: ICCTransform?
    /// Whether served rows are converted (see `deferColourConversion()`).
    private var convertsRows = true

    /// Reads the header of `bytes` (which must outlive the source) and checks `limits`. An ICC
    /// profile is carried for the output when `keepingProfile`, else the rows are converted to
    /// sRGB from it (a damaged or unusable one ignored, as `colour` says).
    init(bytes: UnsafeRawBufferPointer, limits: ImageLimits, keepingProfile: Bool = false) throws(ImageDecodingError) {
        decoder = try ImageFormats.decoder(for: bytes)
        self.limits = limits
        facts = decoder.header
        try limits.checkPixels(facts.size, format: decoder.format)
        try decoder.prepare(limits: limits)
        size = facts.size
        (colour, transform, keptProfile) = Self.colourHandling(facts, keepingProfile: keepingProfile)
    }

    /// What to do with the profile `header` names.
    private static func colourHandling(_ header: DecoderHeader, keepingProfile: Bool) -> (
        ColourReport?, ICCTransform?, [UInt8]?
    ) {
        let profile: [UInt8]
        let name: String
        if let stored = header.iccProfile {
            profile = stored
            name = ICCTransform.description(of: profile)
        } else if let problem = header.iccProblem {
            return (ColourReport(action: .ignored, profile: "", problem: problem), nil, nil)
        } else if let chunks = header.pngColour, !chunks.isSRGBInEffect {
            switch chunks.profile() {
            case .success(let made): profile = made
            case .failure(let problem):
                return (ColourReport(action: .ignored, profile: chunks.name, problem: problem.reason), nil, nil)
            }
            name = chunks.name
        } else {
            return (nil, nil, nil)
        }
        if keepingProfile { return (ColourReport(action: .kept, profile: name), nil, profile) }
        switch ICCTransform.make(profile: profile) {
        case .convert(let transform): return (ColourReport(action: .converted, profile: name), transform, nil)
        case .identity: return (ColourReport(action: .alreadySRGB, profile: name), nil, nil)
        case .unusable(let reason): return (ColourReport(action: .ignored, profile: name, problem: reason), nil, nil)
        }
    }

    /// Starts decoding; a format that decodes reduced is reduced by `jpegScaleDenominator` (1, 2, 4
    /// or 8), reading every scan of a progressive JPEG when `readingEveryScan` (else the scans a
    /// reduced decode does not need are skipped); a decode that can share its work uses up to
    /// `threads` threads.
    func start(jpegScaleDenominator: Int = 1, fastJPEG: Bool = false, readingEveryScan: Bool = false, threads: Int = 1)
        throws(ImageDecodingError)
    {
        guard !started else { return }
        started = true
        let reduction = decodesReduced ? jpegScaleDenominator : 1
        size = try decoder.start(
            DecodeStart(reduction: reduction, fast: fastJPEG, readingEveryScan: readingEveryScan, threads: threads),
            limits: limits)
        // A decoder may serve its full size all the same (an animated WebP).
        scaleDenominator = size == storedSize ? 1 : reduction
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
        if convertsRows { transform?.apply(rows, count: count * size.width) }
    }

    /// The whole image decoded, rows `size.width * 4` bytes apart, as `readRows` would serve it,
    /// when the decoder holds it whole and no row has been read: a resample may read it in place,
    /// from several threads.
    var decodedImage: UnsafePointer<UInt8>? {
        guard !convertsRows || transform == nil else { return nil }
        return decoder.decodedImage
    }

    /// Serves the rows in the image's own colour space from now on; the caller converts what it
    /// makes of them with `convertColour(_:)`. A scale that reduces the image converts fewer pixels
    /// so (a 12 MP photo into 1125 pixels: a twelfth), as vipsthumbnail does when asked for sRGB,
    /// within two levels of converting first (62.8 dB on an iPhone photo).
    func deferColourConversion() { convertsRows = false }

    /// Converts RGBA `pixels` made from rows served in the image's own colour space to sRGB, as the
    /// rows would have been converted; nothing when the rows are converted or kept as decoded.
    func convertColour(_ pixels: inout [UInt8]) {
        guard !convertsRows, let transform else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            transform.apply(base, count: buffer.count / 4)
        }
    }

    /// Reads what follows the image data to the end of the file, so that damage there counts too.
    func finish() throws(ImageDecodingError) {
        try decoder.finish()
    }
}
