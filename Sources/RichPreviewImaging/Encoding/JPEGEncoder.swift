import CRichPreviewJPEG
import Foundation

/// The libjpeg-turbo encoder: the only Swift code that names `crp_jpeg_encode_rgba8`.
enum JPEGEncoder {
    /// Encodes the opaque `image` (alpha is ignored) at `quality` (1…100, checked by the caller;
    /// clamped here too) in memory, with `iccProfile` in APP2 markers when given.
    static func encode(_ image: RGBAImage, quality: Int, iccProfile: Data? = nil) throws(ImageEncodingError) -> Data {
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let quality = Int32(min(max(quality, 1), 100))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            guard let iccProfile else {
                return crp_jpeg_encode_rgba8(
                    pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                    quality, &output, &size, &message, message.count)
            }
            return iccProfile.withUnsafeBytes { profile in
                crp_jpeg_encode_rgba8_icc(
                    pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                    quality, profile.bindMemory(to: UInt8.self).baseAddress, profile.count, &output, &size, &message,
                    message.count)
            }
        }
        guard status == CRP_JPEG_OK, let output else {
            crp_jpeg_free(output)
            throw .encodingFailed(format: .jpeg, reason: CMessage.string(message))
        }
        // The shim's buffer becomes the Data's, released by the shim: no copy of the file.
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { bytes, _ in crp_jpeg_free(bytes) })
    }
}
