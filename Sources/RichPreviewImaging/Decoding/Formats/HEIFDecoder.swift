import CRichPreviewHEIF

/// One decode of a HEIF file's primary image over bytes that outlive it (`CRichPreviewHEIF`, which
/// loads libheif the first time such a file is read): HEVC-coded HEIC and AV1-coded AVIF, alpha
/// kept, 10- and 12-bit samples rounded to 8, thumbnails and depth images ignored. An 8-bit HEIC or
/// AVIF without alpha (an iPhone photo's grid of tiles, an AVIF's picture) has its pictures decoded
/// by FFmpeg (HEVC, or dav1d through it), a grid's shared among the threads allowed; anything else
/// by libheif. The `irot`/`imir`/`clap`
/// transformations are applied by the decode, so the rows are upright and no EXIF orientation is
/// left to apply (an iPhone's EXIF orientation only repeats its `irot`). Decoded whole: neither
/// library gives a row before the end.
class HEIFDecoder {
    /// The longest side libheif may parse, set as its own limit before the file is read: more than
    /// any phone writes (a 48 MP photo is 8064×6048), far under the 65535 a header can declare.
    static let maximumSide: UInt32 = 16_384

    private let handle: OpaquePointer
    private let heifHeader: crp_heif_header
    let header: DecoderHeader
    var decodedRows: BufferedRows?
    var frameCount: Int { 1 }

    required init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) {
        let format = Self.formatDecoded
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .emptyInput }
        guard let handle = crp_heif_decoder_create(base, bytes.count, Self.maximumSide) else {
            throw .outOfMemory(format: format)
        }
        self.handle = handle
        var heifHeader = crp_heif_header()
        let status = crp_heif_decoder_read_header(handle, &heifHeader)
        self.heifHeader = heifHeader
        var icc: UnsafePointer<UInt8>?
        var iccLength = 0
        let profile =
            crp_heif_decoder_icc(handle, &icc, &iccLength) != 0
            ? icc.map { Array(UnsafeBufferPointer(start: $0, count: iccLength)) } : nil
        header = DecoderHeader(
            size: PixelSize(width: Int(heifHeader.width), height: Int(heifHeader.height)), orientation: nil,
            bitDepth: heifHeader.bit_depth == 0 ? 8 : Int(heifHeader.bit_depth), iccProfile: profile)
        try check(status)
    }

    deinit { crp_heif_decoder_destroy(handle) }

    /// The format this type decodes (HEIC or AVIF): both are HEIF files, told apart by brand.
    class var formatDecoded: MediaFormat { .heic }

    var hasAlpha: Bool { heifHeader.has_alpha != 0 }

    /// The pixels served, and libheif's own decoded planes (as many bytes again, about).
    var estimatedWholeImageBytes: Int {
        guard let pixels = ImageLimits.rgbaBytes(header.size) else { return Int.max }
        let (total, overflow) = pixels.multipliedReportingOverflow(by: 2)
        return overflow ? Int.max : total
    }

    func prepare(limits: ImageLimits) throws(ImageDecodingError) {
        try limits.checkMemory(
            estimatedWholeImageBytes, for: "decoding its \(header.size) pixels whole", format: Self.formatDecoded)
    }

    /// libheif's decode, whose codec (dav1d, libde265) frees its frame buffers before the rows'
    /// memory is allocated.
    func decodeBeforeAllocating() throws(ImageDecodingError) {
        try check(crp_heif_decoder_decode(handle))
    }

    func decodeWhole(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws(ImageDecodingError) {
        try check(crp_heif_decoder_copy_rgba(handle, pixels, stride))
    }

    /// A grid's tiles (an iPhone photo's) are shared among the threads, by FFmpeg or by libheif.
    func useThreads(_ threads: Int) {
        crp_heif_decoder_set_threads(handle, UInt32(clamping: max(1, threads)))
    }

    /// The threads FFmpeg's decode of a grid's pictures ran on (libheif's own are not counted).
    var threadsUsed: Int { Int(crp_heif_decoder_threads_used(handle)) }

    /// Loads libheif now; nil when it loads, else `library (package): reason`.
    static func loadLibrary() -> String? {
        var report = crp_heif_library_report()
        guard crp_heif_load(&report) != CRP_HEIF_OK else { return nil }
        return CMessage.libraryProblem(library: report.library, package: report.package, reason: report.reason)
    }

    private func check(_ status: crp_heif_status) throws(ImageDecodingError) {
        let format = Self.formatDecoded
        let message = String(cString: crp_heif_decoder_message(handle))
        switch status {
        case CRP_HEIF_OK: return
        case CRP_HEIF_OUT_OF_MEMORY: throw .outOfMemory(format: format)
        case CRP_HEIF_UNSUPPORTED: throw .unsupported(format: format, reason: message)
        case CRP_HEIF_OVER_LIMIT:
            throw .overSideLimit(format: format, size: Self.declaredSize(in: message), limit: Int(Self.maximumSide))
        case CRP_HEIF_LIBRARY_UNAVAILABLE:
            var report = crp_heif_library_report()
            _ = crp_heif_load(&report)
            throw .libraryUnavailable(
                format: format, library: CMessage.string(field: report.library),
                package: CMessage.string(field: report.package),
                reason: CMessage.string(field: report.reason))
        case CRP_HEIF_MISUSE: throw .invalidRequest(reason: "the HEIF decoder was called out of order: \(message)")
        default: throw .corrupt(format: format, reason: message)
        }
    }

    /// The size libheif's limit message names (`Image size 65535x65535 exceeds …`), if it names one.
    static func declaredSize(in message: String) -> PixelSize? {
        guard let range = message.range(of: "Image size ") else { return nil }
        let sides = message[range.upperBound...].prefix { $0.isNumber || $0 == "x" }.split(separator: "x")
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The major brand of a HEIF file's `ftyp` box and its compatible brands, from its first bytes.
    static func brands(_ signature: [UInt8]) -> [String] {
        guard signature.count >= 16, signature[4..<8].elementsEqual("ftyp".utf8) else { return [] }
        let size = signature[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(signature.count, max(16, size))
        var brands = [String(decoding: signature[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: signature[offset..<(offset + 4)], as: UTF8.self))
            offset += 4
        }
        return brands
    }

    /// The brands any HEIF file may lead with, its codec told by its compatible brands.
    static let genericBrands: Set<String> = ["mif1", "mif2", "msf1"]
    /// The brands of an AV1-coded image (AVIF).
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// The brands of a HEVC-coded image (HEIC), and the generic image brands.
    static let heicBrands: Set<String> = genericBrands.union([
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs",
    ])
}

/// A HEVC-coded HEIF image (an iPhone's `.heic` photo).
final class HEICDecoder: HEIFDecoder, WholeImageDecoder {
    static var format: MediaFormat { .heic }
    static var decodesOnThreads: Bool { true }
    override class var formatDecoded: MediaFormat { .heic }
    /// A HEIF brand, and no AVIF brand among the compatible ones.
    static func matches(_ signature: [UInt8]) -> Bool {
        let brands = HEIFDecoder.brands(signature)
        guard let major = brands.first, heicBrands.contains(major) else { return false }
        return !brands.contains(where: avifBrands.contains) || !genericBrands.contains(major)
    }
}

/// An AV1-coded HEIF image (`.avif`).
final class AVIFDecoder: HEIFDecoder, WholeImageDecoder {
    static var format: MediaFormat { .avif }
    static var decodesOnThreads: Bool { true }  // a grid of AV1 pictures (rare: AVIFs are mostly one)
    override class var formatDecoded: MediaFormat { .avif }
    /// The AVIF brand, or a generic image brand with AVIF among the compatible ones.
    static func matches(_ signature: [UInt8]) -> Bool {
        let brands = HEIFDecoder.brands(signature)
        guard let major = brands.first else { return false }
        return avifBrands.contains(major)
            || (genericBrands.contains(major) && brands.contains(where: avifBrands.contains))
    }
}
