import Foundation

/// Decoded 8-bit RGBA rows, top to bottom, from any of the three decoders.
///
/// JPEG and non-interlaced PNG rows come straight from the decoder; an interlaced PNG or a GIF is
/// decoded whole first (their formats give no row in its final form before the end). A GIF whose
/// first frame covers the screen is kept as one colour index per pixel and expanded to RGBA row by
/// row as it is served: a quarter of the memory, and no alpha unless a visible pixel is transparent.
final class RowSource {
    let format: MediaFormat
    /// The stored size (before any DCT scaling).
    let storedSize: PixelSize
    /// The size of the rows served (smaller than `storedSize` after JPEG DCT scaling).
    private(set) var size: PixelSize
    let orientation: ImageOrientation?
    let hasAlpha: Bool
    let bitDepth: Int
    /// A PNG's gAMA file gamma, and whether it has an iCCP profile: reported, never applied.
    private(set) var gamma: Double?
    private(set) var hasICCProfile = false
    /// The DCT scaling denominator used (1 unless a JPEG was decoded reduced).
    private(set) var scaleDenominator = 1

    private enum Backend {
        case jpeg(JPEGDecoder)
        case png(PNGDecoder)
        case buffered([UInt8], finish: () throws(ImageDecodingError) -> Void)
        /// Colour indices, one byte per pixel, and the 256 RGBA entries (1024 bytes) they select.
        case indexed([UInt8], palette: [UInt8], finish: () throws(ImageDecodingError) -> Void)
    }
    private var backend: Backend
    private let limits: ImageLimits
    private var started = false
    private var rowsServed = 0

    /// Reads the header of `bytes` (which must outlive the source) and checks `limits`: the pixel
    /// budget, and the memory budget for every whole-image buffer, before it is allocated.
    init(bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageDecodingError) {
        guard let format = ImageSignature.detect(UnsafeRawBufferPointer(rebasing: bytes.prefix(8))) else {
            throw bytes.isEmpty ? .emptyInput : .unrecognizedFormat
        }
        self.format = format
        self.limits = limits
        switch format {
        case .jpeg:
            let decoder = try JPEGDecoder(bytes: bytes)
            try limits.checkPixels(decoder.size, format: format)
            decoder.setMemoryLimit(limits.maxMemory)
            storedSize = decoder.size
            orientation = decoder.orientation
            hasAlpha = false
            bitDepth = decoder.precision
            backend = .jpeg(decoder)
        case .png:
            let decoder = try PNGDecoder(bytes: bytes)
            try limits.checkPixels(decoder.size, format: format)
            try decoder.checkFileCanHoldImage()
            storedSize = decoder.size
            orientation = decoder.orientation
            hasAlpha = decoder.hasAlpha
            bitDepth = decoder.bitDepth
            gamma = decoder.gamma
            hasICCProfile = decoder.hasICCProfile
            backend = .png(decoder)
        default:
            let decoder = try GIFDecoder(bytes: bytes)
            let canvasSize = decoder.size
            try limits.checkPixels(canvasSize, format: format)
            _ = try decoder.readFirstFrameDescriptor()
            // Only the first frame is shown: nothing after it is read.
            let finish = { () throws(ImageDecodingError) in }
            if decoder.firstFrameCoversScreen {
                try limits.checkMemory(canvasSize.pixelCount, for: "its \(canvasSize) colour indices", format: format)
                var indices = [UInt8](repeating: 0, count: canvasSize.pixelCount)
                let (palette, hasTransparency) = try indices.withUnsafeMutableBufferPointer {
                    buffer throws(ImageDecodingError) in
                    try decoder.readFirstFrameIndices(into: buffer.baseAddress!, stride: canvasSize.width)
                }
                hasAlpha = hasTransparency
                backend = .indexed(indices, palette: palette, finish: finish)
            } else {
                try limits.checkMemory(
                    ImageLimits.rgbaBytes(canvasSize), for: "its \(canvasSize) canvas", format: format)
                var canvas = [UInt8](repeating: 0, count: canvasSize.pixelCount * 4)
                try canvas.withUnsafeMutableBufferPointer { buffer throws(ImageDecodingError) in
                    try decoder.readFirstFrame(into: buffer.baseAddress!, stride: canvasSize.width * 4)
                }
                hasAlpha = true
                backend = .buffered(canvas, finish: finish)
            }
            storedSize = canvasSize
            orientation = nil
            bitDepth = 8
            started = true
        }
        size = storedSize
    }

    /// Starts decoding; a JPEG is reduced by `jpegScaleDenominator` (1, 2, 4 or 8) via DCT scaling,
    /// reading every scan of a progressive one when `readingEveryScan` (else the scans a reduced
    /// decode does not need are skipped).
    func start(jpegScaleDenominator: Int = 1, fastJPEG: Bool = false, readingEveryScan: Bool = false)
        throws(ImageDecodingError)
    {
        guard !started else { return }
        started = true
        switch backend {
        case .jpeg(let decoder):
            try decoder.startRGBA8(
                scaleDenominator: jpegScaleDenominator, fast: fastJPEG, readingEveryScan: readingEveryScan)
            scaleDenominator = jpegScaleDenominator
            size = decoder.outputSize
        case .png(let decoder):
            try decoder.startRGBA8()
            if decoder.isInterlaced {
                try limits.checkMemory(
                    ImageLimits.rgbaBytes(storedSize), for: "decoding its interlaced \(storedSize) pixels whole",
                    format: format)
                var pixels = [UInt8](repeating: 0, count: storedSize.pixelCount * 4)
                try pixels.withUnsafeMutableBufferPointer { buffer throws(ImageDecodingError) in
                    try decoder.readImage(into: buffer.baseAddress!, stride: storedSize.width * 4)
                }
                backend = .buffered(pixels, finish: { () throws(ImageDecodingError) in try decoder.finish() })
            }
        case .buffered, .indexed:
            break
        }
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
        let stride = size.width * 4
        switch backend {
        case .jpeg(let decoder): try decoder.readRows(into: rows, count: count, stride: stride)
        case .png(let decoder): try decoder.readRows(into: rows, count: count, stride: stride)
        case .buffered(let pixels, _):
            pixels.withUnsafeBufferPointer { buffer in
                rows.update(from: buffer.baseAddress! + rowsServed * stride, count: count * stride)
            }
        case .indexed(let indices, let palette, _):
            Self.expand(indices, palette: palette, firstRow: rowsServed, count: count, width: size.width, into: rows)
        }
        rowsServed += count
    }

    /// Reads what follows the image data to the end of the file, so that damage there counts too.
    func finish() throws(ImageDecodingError) {
        switch backend {
        case .jpeg(let decoder): try decoder.finish()
        case .png(let decoder): try decoder.finish()
        case .buffered(_, let finish), .indexed(_, _, let finish): try finish()
        }
    }

    /// Writes `count` rows of RGBA pixels from `width`-wide rows of colour indices, from `firstRow` on.
    private static func expand(
        _ indices: [UInt8], palette: [UInt8], firstRow: Int, count: Int, width: Int,
        into rows: UnsafeMutablePointer<UInt8>
    ) {
        indices.withUnsafeBufferPointer { indices in
            palette.withUnsafeBytes { palette in
                let entries = palette.bindMemory(to: UInt32.self)
                let source = indices.baseAddress! + firstRow * width
                let target = UnsafeMutableRawPointer(rows).bindMemory(to: UInt32.self, capacity: count * width)
                for index in 0..<(count * width) {
                    target[index] = entries[Int(source[index])]
                }
            }
        }
    }
}
