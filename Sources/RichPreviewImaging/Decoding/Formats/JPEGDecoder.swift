import CRichPreviewJPEG

/// One libjpeg-turbo decode over bytes that outlive it; every call goes through the C shim.
final class JPEGDecoder {
    private let handle: OpaquePointer
    private let jpegHeader: crp_jpeg_header
    /// Read with the header: libjpeg frees saved markers when decoding finishes.
    private(set) var orientation: ImageOrientation?
    /// The APP2 ICC profile, and why its markers gave none.
    private(set) var iccProfile: [UInt8]?
    private(set) var iccProblem: String?
    private(set) var outputSize = PixelSize(width: 0, height: 0)

    /// Reads the markers up to the first scan (`crp_jpeg_decoder_read_header`).
    init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .corrupt(format: .jpeg, reason: "empty file")
        }
        guard let handle = crp_jpeg_decoder_create(base, bytes.count) else { throw .outOfMemory(format: .jpeg) }
        self.handle = handle
        // A mapped file's pages go back to the kernel as libjpeg passes them: the peak RSS of
        // `render IMAGE --format text` then holds 64 KiB of the file, not all of it (1.5 MiB of a 12 MP photo).
        if FileMappings.contains(bytes) { crp_jpeg_decoder_release_read_pages(handle) }
        var header = crp_jpeg_header()
        let status = crp_jpeg_decoder_read_header(handle, &header)
        jpegHeader = header
        try check(status)
        var exif: UnsafePointer<UInt8>?
        var length = 0
        if crp_jpeg_decoder_exif(handle, &exif, &length) != 0, let exif {
            orientation = ImageOrientation.fromExifTIFF(UnsafeBufferPointer(start: exif, count: length))
        }
        var icc: UnsafePointer<UInt8>?
        if crp_jpeg_decoder_icc(handle, &icc, &length) != 0, let icc {
            iccProfile = Array(UnsafeBufferPointer(start: icc, count: length))
        }
        iccProblem = crp_jpeg_decoder_icc_problem(handle).map { String(cString: $0) }
    }

    deinit { crp_jpeg_decoder_destroy(handle) }

    var size: PixelSize { PixelSize(width: Int(jpegHeader.width), height: Int(jpegHeader.height)) }

    /// Bytes of the whole-image coefficient buffer a file of several scans (progressive) needs
    /// while it is decoded; 0 for a single-scan file.
    var coefficientBufferBytes: Int { Int(clamping: jpegHeader.coefficient_bytes) }

    /// Bits per sample (8; 12-bit files fail with `unsupported`).
    var precision: Int { Int(jpegHeader.precision) }

    /// Limits what libjpeg may allocate for whole-image buffers (a progressive or multi-scan file's
    /// coefficients); past it the decode fails with `overMemoryLimit` (`crp_jpeg_decoder_set_memory_limit`).
    func setMemoryLimit(_ bytes: Int) {
        memoryLimit = bytes
        crp_jpeg_decoder_set_memory_limit(handle, bytes)
    }
    private var memoryLimit = 0

    /// Starts RGBA output at 1/`scaleDenominator` size (1, 2, 4 or 8). At 1/8 a progressive file's
    /// AC scans that cannot change the pixels are skipped, and at 1/4 those that barely do (see
    /// `crp_jpeg_decoder_set_ac_scan_skipping`), unless `readingEveryScan` (which validation
    /// needs, to see damage anywhere in the file).
    func startRGBA8(scaleDenominator: Int = 1, fast: Bool = false, readingEveryScan: Bool = false)
        throws(ImageDecodingError)
    {
        var width: UInt32 = 0
        var height: UInt32 = 0
        crp_jpeg_decoder_set_ac_scan_skipping(handle, readingEveryScan ? 0 : 1)
        try check(crp_jpeg_decoder_start_rgba8(handle, UInt32(scaleDenominator), fast ? 1 : 0, &width, &height))
        outputSize = PixelSize(width: Int(width), height: Int(height))
    }

    /// Reads the next `count` output rows.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError) {
        try check(crp_jpeg_decoder_read_rows(handle, rows, UInt32(count), stride))
    }

    /// Reads the rest of the file through EOI.
    func finish() throws(ImageDecodingError) {
        try check(crp_jpeg_decoder_finish(handle))
    }

    private func check(_ status: crp_jpeg_status) throws(ImageDecodingError) {
        let message = String(cString: crp_jpeg_decoder_message(handle))
        switch status {
        case CRP_JPEG_OK: return
        case CRP_JPEG_OUT_OF_MEMORY: throw .outOfMemory(format: .jpeg)
        case CRP_JPEG_NOT_JPEG: throw .unrecognizedFormat
        case CRP_JPEG_UNSUPPORTED: throw .unsupported(format: .jpeg, reason: message)
        case CRP_JPEG_OVER_MEMORY_LIMIT:
            throw .overMemoryLimit(
                format: .jpeg, purpose: "decoding its \(size) pixels (a progressive file keeps every coefficient)",
                bytes: nil,
                limit: memoryLimit)
        case CRP_JPEG_MISUSE: preconditionFailure("JPEG decoder called out of order: \(message)")
        default: throw .corrupt(format: .jpeg, reason: message)
        }
    }
}

extension JPEGDecoder: ImageFormatDecoder {
    static var format: MediaFormat { .jpeg }
    static func matches(_ signature: [UInt8]) -> Bool { signature.starts(with: [0xFF, 0xD8, 0xFF]) }
    static var decodesReduced: Bool { true }

    var header: DecoderHeader {
        DecoderHeader(
            size: size, orientation: orientation, bitDepth: precision, iccProfile: iccProfile, iccProblem: iccProblem)
    }
    var estimatedWholeImageBytes: Int { coefficientBufferBytes }
    var hasAlpha: Bool { false }

    func prepare(limits: ImageLimits) throws(ImageDecodingError) { setMemoryLimit(limits.maxMemory) }

    func start(_ start: DecodeStart, limits: ImageLimits) throws(ImageDecodingError) -> PixelSize {
        try startRGBA8(scaleDenominator: start.reduction, fast: start.fast, readingEveryScan: start.readingEveryScan)
        return outputSize
    }

    func validate(limits: ImageLimits) throws(ImageDecodingError) -> Int {
        setMemoryLimit(limits.maxMemory)
        // At 1/8 scale, reading every scan, libjpeg still entropy-decodes every coefficient,
        // which is what validation needs.
        try startRGBA8(scaleDenominator: 8, fast: true, readingEveryScan: true)
        let stride = outputSize.width * 4
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
        defer { row.deallocate() }
        for _ in 0..<outputSize.height { try readRows(into: row, count: 1, stride: stride) }
        try finish()
        return 1
    }
}
