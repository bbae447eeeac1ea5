import CRichPreviewPNG

/// One libpng decode over bytes that outlive it; every call goes through the C shim.
final class PNGDecoder {
    /// Loads ISA-L, which inflates 8-bit, non-interlaced image data; nil when it loads, else why
    /// zlib inflates instead.
    static func loadISAL() -> String? {
        crp_png_isal_available() != 0
            ? nil
            : "libisal.so.2 (libisal2) does not load: PNG image data is inflated by zlib, about three times slower"
    }

    private let handle: OpaquePointer
    private let pngHeader: crp_png_header
    /// An interlaced image's rows, decoded whole when the decode starts.
    private var interlacedRows: BufferedRows?
    /// The stored size from IHDR.
    let size: PixelSize
    /// Bits per sample (1, 2, 4, 8 or 16).
    let bitDepth: Int
    /// Samples per pixel as stored: 1 gray or palette index, 2 gray and alpha, 3 RGB, 4 RGBA.
    let storedChannels: Int
    /// Whether the pixels carry alpha: an alpha channel, or transparency from a tRNS chunk.
    let hasAlpha: Bool
    /// Whether the image is Adam7-interlaced (no row is final before the last pass).
    let isInterlaced: Bool

    /// deflate encodes a run of 258 bytes in as little as 2 bits, so no compressed stream is
    /// smaller than 1/1032 of what it inflates to.
    static let maximumDeflateRatio = 1032

    /// Reads the chunks up to the image data (`crp_png_decoder_read_header`).
    init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .corrupt(format: .png, reason: "empty file")
        }
        guard let handle = crp_png_decoder_create(base, bytes.count) else { throw .outOfMemory(format: .png) }
        self.handle = handle
        var header = crp_png_header()
        let status = crp_png_decoder_read_header(handle, &header)
        pngHeader = header
        size = PixelSize(width: Int(header.width), height: Int(header.height))
        bitDepth = Int(header.bit_depth)
        storedChannels =
            switch header.color_type {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        hasAlpha = header.color_type == 4 || header.color_type == 6 || header.has_trns != 0
        isInterlaced = header.interlaced != 0
        fileSize = bytes.count
        try check(status)
    }

    private let fileSize: Int

    /// Refuses a declared size that the file's length cannot hold, before anything is allocated
    /// for the pixels: `corrupt` when the file is shorter than the least compressed data the rows
    /// can inflate from.
    func checkFileCanHoldImage() throws(ImageDecodingError) {
        if let minimum = minimumCompressedBytes, fileSize < minimum {
            throw .corrupt(
                format: .png,
                reason:
                    "IHDR declares \(size) pixels, which need at least \(minimum) bytes of compressed data; the file has \(fileSize)"
            )
        }
    }

    /// The fewest bytes of image data that can inflate to the declared image's filtered rows (one
    /// filter byte and the packed samples per row); nil when the count does not fit an Int.
    var minimumCompressedBytes: Int? {
        let (bits, overflowBits) = size.width.multipliedReportingOverflow(by: storedChannels * bitDepth)
        let (rows, overflowRows) = ((bits + 7) / 8 + 1).multipliedReportingOverflow(by: size.height)
        guard !overflowBits, !overflowRows else { return nil }
        return rows / Self.maximumDeflateRatio
    }

    deinit { crp_png_decoder_destroy(handle) }

    /// The gAMA chunk's file gamma, nil when there is none.
    var gamma: Double? { pngHeader.has_gamma != 0 ? pngHeader.gamma : nil }

    /// The gAMA and cHRM chunks, when there is a gAMA and no sRGB chunk overrides it.
    var colourChunks: PNGColourChunks? {
        guard let gamma, pngHeader.has_srgb == 0 else { return nil }
        let chromaticities = withUnsafeBytes(of: pngHeader.chromaticities) { Array($0.bindMemory(to: Double.self)) }
        return PNGColourChunks(
            gamma: gamma, chromaticities: pngHeader.has_chrm != 0 ? chromaticities : nil,
            isGray: storedChannels <= 2 && pngHeader.color_type != 3)
    }

    /// The iCCP chunk's profile, inflated by libpng.
    var iccProfile: [UInt8]? {
        var data: UnsafePointer<UInt8>?
        var length = 0
        guard crp_png_decoder_icc(handle, &data, &length) != 0, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }

    var orientation: ImageOrientation? {
        var data: UnsafePointer<UInt8>?
        var length = 0
        guard crp_png_decoder_exif(handle, &data, &length) != 0, let data else { return nil }
        return ImageOrientation.fromExifTIFF(UnsafeBufferPointer(start: data, count: length))
    }

    /// Decodes every row into one row of scratch memory and reads through IEND.
    func validateRows() throws(ImageDecodingError) {
        try check(crp_png_decoder_validate(handle))
    }

    /// Switches output to 8-bit straight RGBA.
    func startRGBA8() throws(ImageDecodingError) {
        try check(crp_png_decoder_start_rgba8(handle))
    }

    /// Reads `count` rows of a non-interlaced image.
    func readStoredRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError) {
        try check(crp_png_decoder_read_rows(handle, rows, UInt32(count), stride))
    }

    /// Reads the whole image; the only way for an interlaced one.
    func readImage(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageDecodingError) {
        try check(crp_png_decoder_read_image(handle, pixels, stride))
    }

    /// Reads the chunks after the image data through IEND.
    func finish() throws(ImageDecodingError) {
        try check(crp_png_decoder_finish(handle))
    }

    private func check(_ status: crp_png_status) throws(ImageDecodingError) {
        let message = String(cString: crp_png_decoder_message(handle))
        switch status {
        case CRP_PNG_OK: return
        case CRP_PNG_OUT_OF_MEMORY: throw .outOfMemory(format: .png)
        case CRP_PNG_NOT_PNG: throw .unrecognizedFormat
        case CRP_PNG_MISUSE: preconditionFailure("PNG decoder called out of order: \(message)")
        default: throw .corrupt(format: .png, reason: message)
        }
    }
}

extension PNGDecoder: ImageFormatDecoder {
    static var format: MediaFormat { .png }
    static func matches(_ signature: [UInt8]) -> Bool {
        signature.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    var header: DecoderHeader {
        let profile = iccProfile
        // Why an iCCP chunk gave no profile (libpng may warn about one it kept: not a problem).
        let problem = profile == nil ? crp_png_decoder_icc_problem(handle).map { String(cString: $0) } : nil
        return DecoderHeader(
            size: size, orientation: orientation, bitDepth: bitDepth, gamma: gamma, iccProfile: profile,
            iccProblem: problem, pngColour: colourChunks)
    }
    var estimatedWholeImageBytes: Int { isInterlaced ? ImageLimits.rgbaBytes(size) ?? Int.max : 0 }

    func prepare(limits: ImageLimits) throws(ImageDecodingError) { try checkFileCanHoldImage() }

    func start(_ start: DecodeStart, limits: ImageLimits) throws(ImageDecodingError) -> PixelSize {
        try startRGBA8()
        if isInterlaced {
            interlacedRows = try BufferedRows(
                size: size, format: .png, limits: limits, purpose: "decoding its interlaced \(size) pixels whole"
            ) { pixels, stride throws(ImageDecodingError) in try readImage(into: pixels, stride: stride) }
        }
        return size
    }

    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError) {
        if interlacedRows != nil {
            interlacedRows?.read(into: rows, count: count, stride: stride)
        } else {
            try readStoredRows(into: rows, count: count, stride: stride)
        }
    }

    func validate(limits: ImageLimits) throws(ImageDecodingError) -> Int {
        try checkFileCanHoldImage()
        try validateRows()
        return 1
    }
}
