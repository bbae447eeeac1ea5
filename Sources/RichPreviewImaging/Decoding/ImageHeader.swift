import Foundation

/// What an image's header says, read without decoding any pixel: format, stored size and EXIF
/// orientation. Cheap (the markers or chunks before the image data); it does not tell whether the
/// rest of the file is whole — `ImageValidator` does.
public struct ImageHeader: Sendable, Equatable {
    /// PNG, JPEG or GIF.
    public var format: MediaFormat
    /// The size stored in the file (a GIF's logical screen).
    public var size: PixelSize
    /// The EXIF orientation, when the file has one.
    public var orientation: ImageOrientation?
    /// Bits per sample as stored (a JPEG's precision; 8 for a GIF).
    public var bitDepth = 8

    /// The size as shown, with the orientation applied (width and height swapped for 5…8).
    public var shownSize: PixelSize { orientation?.swapsDimensions == true ? size.transposed : size }

    /// Reads the header of the PNG, JPEG or GIF in `data`.
    /// - Throws: `ImageDecodingError.unrecognizedFormat` (`.emptyInput` for no bytes), or `.corrupt` for a header the decoder
    ///   refuses (truncated, zero-sized, bad IHDR).
    public static func read(_ data: Data) throws(ImageDecodingError) -> ImageHeader {
        guard let format = ImageSignature.detect(data.prefix(8)) else {
            throw data.isEmpty ? .emptyInput : .unrecognizedFormat
        }
        return try data.withImageBytes { bytes throws(ImageDecodingError) in
            switch format {
            case .png:
                let decoder = try PNGDecoder(bytes: bytes)
                return ImageHeader(
                    format: format, size: decoder.size, orientation: decoder.orientation, bitDepth: decoder.bitDepth)
            case .jpeg:
                let decoder = try JPEGDecoder(bytes: bytes)
                return ImageHeader(
                    format: format, size: decoder.size, orientation: decoder.orientation, bitDepth: decoder.precision)
            default:
                let decoder = try GIFDecoder(bytes: bytes)
                return ImageHeader(format: format, size: decoder.size, orientation: nil)
            }
        }
    }
}
