import Foundation

/// Decodes an image file whole, as a phone would have to, without keeping its pixels.
///
/// Checksums, zlib streams, entropy-coded data and truncation all count: an image is valid only
/// if every row decodes. Memory stays at about one row (a progressive JPEG also needs its
/// coefficients, bounded by `limits`).
public enum ImageValidator {
    /// Validates `data` and reports its format, stored size, bit depth and orientation.
    /// - Throws: `ImageDecodingError` naming the decoder's reason, or the pixel limit exceeded.
    public static func validate(_ data: Data, limits: ImageLimits = ImageLimits()) throws(ImageDecodingError)
        -> ImageInfo
    {
        try data.withImageBytes { bytes throws(ImageDecodingError) in
            let decoder = try ImageFormats.decoder(for: bytes)
            let header = decoder.header
            try limits.checkPixels(header.size, format: decoder.format)
            let frames = try decoder.validate(limits: limits)
            return ImageInfo(
                format: decoder.format, size: header.size, bitDepth: header.bitDepth, orientation: header.orientation,
                frameCount: frames, gamma: header.gamma, hasICCProfile: header.hasICCProfile,
                hasAlpha: decoder.hasAlpha)
        }
    }
}
