import CRichPreviewPNG
import RichPreview

/// One libpng decode over bytes that outlive it; every call goes through the C shim.
final class PNGDecoder {
    private let handle: OpaquePointer
    let header: crp_png_header

    /// Reads the chunks up to the image data (`crp_png_decoder_read_header`).
    init(bytes: UnsafeRawBufferPointer) throws(ImageDecodingError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .corrupt(format: .png, reason: "empty file")
        }
        guard let handle = crp_png_decoder_create(base, bytes.count) else { throw .outOfMemory(format: .png) }
        self.handle = handle
        var header = crp_png_header()
        let status = crp_png_decoder_read_header(handle, &header)
        self.header = header
        try check(status)
    }

    deinit { crp_png_decoder_destroy(handle) }

    var size: PixelSize { PixelSize(width: Int(header.width), height: Int(header.height)) }

    /// The gAMA chunk's file gamma, nil when there is none.
    var gamma: Double? { header.has_gamma != 0 ? header.gamma : nil }

    var hasICCProfile: Bool { header.has_iccp != 0 }

    var orientation: ImageOrientation? {
        var data: UnsafePointer<UInt8>?
        var length = 0
        guard crp_png_decoder_exif(handle, &data, &length) != 0, let data else { return nil }
        return ImageOrientation.fromExifTIFF(UnsafeBufferPointer(start: data, count: length))
    }

    /// Decodes every row into one row of scratch memory and reads through IEND.
    func validate() throws(ImageDecodingError) {
        try check(crp_png_decoder_validate(handle))
    }

    /// Switches output to 8-bit straight RGBA.
    func startRGBA8() throws(ImageDecodingError) {
        try check(crp_png_decoder_start_rgba8(handle))
    }

    /// Reads `count` rows of a non-interlaced image.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageDecodingError) {
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
