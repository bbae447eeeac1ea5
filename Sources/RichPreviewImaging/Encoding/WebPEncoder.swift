import CRichPreviewWebP
import Foundation

/// Encodes RGBA images as still WebP files in memory with libwebp (loaded on first use), for
/// pages that browsers show, such as `richpreview review`'s. `scale` never writes WebP: iOS does
/// not document it for attachments.
public enum WebPEncoder {
    /// How the pixels are compressed.
    public enum Compression: Sendable, Equatable {
        /// Every pixel kept exactly; `effort` 0…100 trades time for size.
        case lossless(effort: Int = 0)
        /// VP8 at `quality` 0…100, colour subsampled 4:2:0 as every lossy WebP is.
        case lossy(quality: Int = 90)
    }

    /// Why an image could not be encoded.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// libwebp's reason, or why the settings were refused.
        public var reason: String
        /// One line saying what went wrong.
        public var description: String { "cannot encode WebP: \(reason)" }
    }

    /// `image` as a WebP file: `compression`, with libwebp's `method` 0 (fastest) … 6 (smallest).
    /// An opaque image is stored without alpha.
    /// - Throws: `Failure` for settings outside their ranges, a side over 16383 pixels, libwebp
    ///   missing (its Debian package named) or out of memory.
    public static func encode(_ image: RGBAImage, _ compression: Compression, method: Int = 4) throws(Failure) -> Data {
        let (lossless, quality): (Bool, Int) =
            switch compression {
            case .lossless(let effort): (true, effort)
            case .lossy(let quality): (false, quality)
            }
        guard (0...100).contains(quality), (0...6).contains(method) else {
            throw Failure(reason: "quality or effort \(quality) (0…100) and method \(method) (0…6)")
        }
        guard image.size.width > 0, image.size.height > 0,
            image.pixels.count == image.size.width * image.size.height * 4
        else { throw Failure(reason: "an image of \(image.size) with \(image.pixels.count) samples") }
        var encoded = crp_webp_encoded()
        defer { crp_webp_encoded_free(&encoded) }
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            crp_webp_encode_rgba(
                pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                lossless ? 1 : 0, Float(quality), Int32(method), &encoded)
        }
        guard status == CRP_WEBP_OK, let data = encoded.data else {
            throw Failure(reason: CMessage.string(field: encoded.message))
        }
        return Data(bytes: data, count: encoded.size)
    }
}
