import CRichPreviewJPEG
import Foundation

/// One whole JPEG decode straight through the C shim, as the imaging API runs it, with the
/// skipping of unused AC scans allowed or not, and block smoothing allowed or not: the tests
/// compare the streams libjpeg reads.
struct ShimJPEGDecode {
    /// The first status that was not `CRP_JPEG_OK`; `CRP_JPEG_OK` when the decode reached EOI.
    var status = CRP_JPEG_OK
    /// The shim's message after the decode ("no error" when it succeeded).
    var message = ""
    var width = 0
    var height = 0
    /// RGBA rows, `width * 4` bytes each; empty unless every row decoded.
    var pixels: [UInt8] = []
    /// The AC scans the decode skipped (`crp_jpeg_decoder_skipped_scans`).
    var skippedScans = 0

    init(_ data: Data, scaleDenominator: UInt32 = 8, skipping: Bool, fast: Bool = false, smoothing: Bool = true) {
        var result = ShimJPEGDecode()
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                let decoder = crp_jpeg_decoder_create(base, bytes.count)
            else {
                result.status = CRP_JPEG_OUT_OF_MEMORY
                return
            }
            defer { crp_jpeg_decoder_destroy(decoder) }
            var header = crp_jpeg_header()
            var width: UInt32 = 0
            var height: UInt32 = 0
            var status = crp_jpeg_decoder_read_header(decoder, &header)
            if status == CRP_JPEG_OK {
                crp_jpeg_decoder_set_ac_scan_skipping(decoder, skipping ? 1 : 0)
                crp_jpeg_decoder_set_block_smoothing(decoder, smoothing ? 1 : 0)
                status = crp_jpeg_decoder_start_rgba8(decoder, scaleDenominator, fast ? 1 : 0, &width, &height)
            }
            var pixels = [UInt8]()
            if status == CRP_JPEG_OK {
                result.skippedScans = Int(crp_jpeg_decoder_skipped_scans(decoder))
                pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
                status = pixels.withUnsafeMutableBufferPointer { buffer in
                    guard let rows = buffer.baseAddress else { return CRP_JPEG_ERROR }
                    return crp_jpeg_decoder_read_rows(decoder, rows, height, Int(width) * 4)
                }
            }
            if status == CRP_JPEG_OK { status = crp_jpeg_decoder_finish(decoder) }
            result.status = status
            result.message = String(cString: crp_jpeg_decoder_message(decoder))
            if status == CRP_JPEG_OK {
                result.width = Int(width)
                result.height = Int(height)
                result.pixels = pixels
            }
        }
        self = result
    }

    private init() {}
}
