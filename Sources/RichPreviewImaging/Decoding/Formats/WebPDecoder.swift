import CRichPreviewWebP

/// One libwebp decode over bytes that outlive it (`CRichPreviewWebP`, which loads libwebp the
/// first time a WebP is read): lossy, lossless, alpha, and an animation's first frame as shown.
/// Decoded whole (libwebp gives no row before the end); a still image is decoded reduced when a
/// scale asks (libwebp's rescaler averaging as it decodes, so no full-size buffer is made); the
/// EXIF orientation is applied.
final class WebPDecoder: WholeImageDecoder {
    static var format: MediaFormat { .webp }
    static var decodesReduced: Bool { true }
    static var decodesOnThreads: Bool { true }
    static func matches(_ signature: [UInt8]) -> Bool {
        signature.count >= 12 && signature[0..<4].elementsEqual("RIFF".utf8)
            && signature[8..<12].elementsEqual("WEBP".utf8)
    }

    private let handle: OpaquePointer
    private let webpHeader: crp_webp_header
    let header: DecoderHeader
    var hasAlpha: Bool { webpHeader.has_alpha != 0 }
    var decodedRows: BufferedRows?
    var frameCount: Int { Int(webpHeader.frame_count) }
    /// Whether the decode gave a lossy still's filtering a thread of libwebp's own.
    private var filteringThread = false
    var threadsUsed: Int { filteringThread ? 2 : 1 }

    init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .emptyInput }
        guard let handle = crp_webp_decoder_create(base, bytes.count) else { throw .outOfMemory(format: .webp) }
        self.handle = handle
        var webpHeader = crp_webp_header()
        let status = crp_webp_decoder_read_header(handle, &webpHeader)
        self.webpHeader = webpHeader
        var exif: UnsafePointer<UInt8>?
        var exifLength = 0
        var icc: UnsafePointer<UInt8>?
        var iccLength = 0
        let size = PixelSize(width: Int(webpHeader.width), height: Int(webpHeader.height))
        header = DecoderHeader(
            size: size,
            orientation: crp_webp_decoder_exif(handle, &exif, &exifLength) != 0
                ? exif.flatMap { ImageOrientation.fromExifTIFF(UnsafeBufferPointer(start: $0, count: exifLength)) }
                : nil,
            bitDepth: 8,
            iccProfile: crp_webp_decoder_icc(handle, &icc, &iccLength) != 0
                ? icc.map { Array(UnsafeBufferPointer(start: $0, count: iccLength)) } : nil)
        try check(status)
        if size.width == 0 || size.height == 0 { throw .corrupt(format: .webp, reason: "the canvas is \(size)") }
    }

    deinit { crp_webp_decoder_destroy(handle) }

    /// The pixels served, and libwebp's own: a lossless image's decode buffer, an animation's two
    /// canvases.
    var estimatedWholeImageBytes: Int {
        guard let pixels = ImageLimits.rgbaBytes(header.size) else { return Int.max }
        let (total, overflow) = pixels.multipliedReportingOverflow(by: 1 + libraryBuffers)
        return overflow ? Int.max : total
    }

    /// How many whole-canvas buffers libwebp holds beside the caller's.
    private var libraryBuffers: Int { webpHeader.animated != 0 ? 2 : webpHeader.lossless != 0 ? 1 : 0 }

    func prepare(limits: ImageLimits) throws(ImageDecodingError) {
        try limits.checkMemory(
            estimatedWholeImageBytes, for: "decoding its \(header.size) canvas whole", format: .webp)
    }

    func decodeWhole(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageDecodingError) {
        try check(crp_webp_decoder_decode_rgba(handle, pixels, stride))
    }

    /// A still image reduced by `start.reduction` (each side rounded up, as a JPEG's DCT scaling
    /// rounds), an animation at its size; a lossy still's filtering on a thread of libwebp's own
    /// when `start.threads` allows.
    func start(_ start: DecodeStart, limits: ImageLimits) throws(ImageDecodingError) -> PixelSize {
        crp_webp_decoder_set_threads(handle, UInt32(clamping: max(1, start.threads)))
        filteringThread = start.threads > 1 && webpHeader.animated == 0 && webpHeader.lossless == 0
        let reduction = webpHeader.animated != 0 ? 1 : max(1, start.reduction)
        let size = PixelSize(
            width: (header.size.width + reduction - 1) / reduction,
            height: (header.size.height + reduction - 1) / reduction)
        decodedRows = try BufferedRows(size: size, format: .webp, limits: limits, purpose: "its decoded \(size) pixels")
        {
            pixels, stride throws(ImageDecodingError) in
            try check(
                crp_webp_decoder_decode_rgba_scaled(handle, pixels, stride, UInt32(size.width), UInt32(size.height)))
        }
        return size
    }

    /// Loads libwebp now; nil when it loads, else `library (package): reason`.
    static func loadLibrary() -> String? {
        var report = crp_webp_library_report()
        guard crp_webp_load(&report) != CRP_WEBP_OK else { return nil }
        return CMessage.libraryProblem(library: report.library, package: report.package, reason: report.reason)
    }

    private func check(_ status: crp_webp_status) throws(ImageDecodingError) {
        let message = String(cString: crp_webp_decoder_message(handle))
        switch status {
        case CRP_WEBP_OK: return
        case CRP_WEBP_OUT_OF_MEMORY: throw .outOfMemory(format: .webp)
        case CRP_WEBP_UNSUPPORTED: throw .unsupported(format: .webp, reason: message)
        case CRP_WEBP_LIBRARY_UNAVAILABLE:
            var report = crp_webp_library_report()
            _ = crp_webp_load(&report)
            throw .libraryUnavailable(
                format: .webp, library: CMessage.string(field: report.library),
                package: CMessage.string(field: report.package),
                reason: CMessage.string(field: report.reason))
        case CRP_WEBP_MISUSE: throw .invalidRequest(reason: "the WebP decoder was called out of order: \(message)")
        default: throw .corrupt(format: .webp, reason: message)
        }
    }

}
