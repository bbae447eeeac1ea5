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
        guard let format = ImageSignature.detect(data.prefix(8)) else {
            throw data.isEmpty ? .emptyInput : .unrecognizedFormat
        }
        return try data.withImageBytes { bytes throws(ImageDecodingError) in
            try validate(bytes, format: format, limits: limits)
        }
    }

    private static func validate(
        _ bytes: UnsafeRawBufferPointer, format: MediaFormat, limits: ImageLimits
    ) throws(ImageDecodingError) -> ImageInfo {
        switch format {
        case .png:
            let decoder = try PNGDecoder(bytes: bytes)
            try limits.checkPixels(decoder.size, format: format)
            try decoder.checkFileCanHoldImage()
            try decoder.validate()
            return ImageInfo(
                format: .png, size: decoder.size, bitDepth: decoder.bitDepth,
                orientation: decoder.orientation, frameCount: 1, gamma: decoder.gamma,
                hasICCProfile: decoder.hasICCProfile)
        case .jpeg:
            let decoder = try JPEGDecoder(bytes: bytes)
            try limits.checkPixels(decoder.size, format: format)
            decoder.setMemoryLimit(limits.maxMemory)
            // At 1/8 scale, reading every scan, libjpeg still entropy-decodes every coefficient,
            // which is what validation needs.
            try decoder.startRGBA8(scaleDenominator: 8, fast: true, readingEveryScan: true)
            let stride = decoder.outputSize.width * 4
            let row = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
            defer { row.deallocate() }
            for _ in 0..<decoder.outputSize.height {
                try decoder.readRows(into: row, count: 1, stride: stride)
            }
            try decoder.finish()
            return ImageInfo(
                format: .jpeg, size: decoder.size, bitDepth: decoder.precision,
                orientation: decoder.orientation, frameCount: 1)
        case .gif:
            let decoder = try GIFDecoder(bytes: bytes)
            try limits.checkPixels(decoder.size, format: format)
            try decoder.readFirstFrame(into: nil, stride: 0)
            let frames = try decoder.countFrames()
            return ImageInfo(format: .gif, size: decoder.size, bitDepth: 8, orientation: nil, frameCount: frames)
        default:
            throw .unrecognizedFormat
        }
    }
}
