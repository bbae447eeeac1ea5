import Foundation

/// Decodes a whole image of any format in `ImageFormats` (a GIF's or an animated WebP's first frame, a HEIF file's primary image) to 8-bit RGBA.
public enum ImageDecoder {
    /// The decoded pixels, shown the right way up when `applyOrientation` is true, in sRGB: an
    /// image's ICC profile (or a PNG's gAMA and cHRM chunks) converted from, unless
    /// `convertingToSRGB` is false, which keeps the samples as stored.
    /// - Throws: `ImageDecodingError` for unrecognised, corrupt, unsupported or over-limit input;
    ///   the pixel and memory limits are checked before pixel memory is allocated.
    public static func decode(
        _ data: Data, applyOrientation: Bool = true, limits: ImageLimits = ImageLimits(),
        convertingToSRGB: Bool = true
    ) throws(ImageDecodingError) -> RGBAImage {
        try data.withImageBytes { bytes throws(ImageDecodingError) in
            let source = try RowSource(bytes: bytes, limits: limits, keepingProfile: !convertingToSRGB)
            try source.start()
            let image = try source.readWholeImage()
            guard applyOrientation, let orientation = source.orientation else { return image }
            return image.oriented(orientation)
        }
    }
}
