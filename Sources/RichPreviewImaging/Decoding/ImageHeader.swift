import Foundation

/// What an image's header says, read without decoding any pixel: format, stored size and EXIF
/// orientation. Cheap (the markers or chunks before the image data); it does not tell whether the
/// rest of the file is whole — `ImageValidator` does.
public struct ImageHeader: Sendable, Equatable {
    /// The format, one of `ImageFormats.decodable`.
    public var format: MediaFormat
    /// The size stored in the file (a GIF's logical screen).
    public var size: PixelSize
    /// The EXIF orientation, when the file has one.
    public var orientation: ImageOrientation?
    /// Bits per sample as stored (a JPEG's precision; 8 for a GIF).
    public var bitDepth = 8
    /// Whether a pixel may be transparent, as far as the header tells (a GIF's may always be).
    public var hasAlpha = false

    /// The size as shown, with the orientation applied (width and height swapped for 5…8).
    public var shownSize: PixelSize { orientation?.swapsDimensions == true ? size.transposed : size }

    /// Reads the header of the image in `data` (any format in `ImageFormats`).
    /// - Throws: `ImageDecodingError.unrecognizedFormat` (`.emptyInput` for no bytes), or `.corrupt` for a header the decoder
    ///   refuses (truncated, zero-sized, bad IHDR).
    public static func read(_ data: Data) throws(ImageDecodingError) -> ImageHeader {
        try data.withImageBytes { bytes throws(ImageDecodingError) in
            let decoder = try ImageFormats.decoder(for: bytes)
            let header = decoder.header
            return ImageHeader(
                format: decoder.format, size: header.size, orientation: header.orientation, bitDepth: header.bitDepth,
                hasAlpha: decoder.hasAlpha)
        }
    }
}
