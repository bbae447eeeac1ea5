import CRichPreviewJPEG
import CRichPreviewPNG
import Foundation

/// Encodes RGBA images as PNG or JPEG, in memory or into a file written atomically.
public enum ImageEncoder {
    /// An encoded image: its bytes, and the PNG settings or JPEG quality used.
    public struct Encoded: Sendable, Equatable {
        public var format: OutputFormat
        public var data: Data
        /// The settings a PNG was written with; nil for JPEG.
        public var pngSettings: PNGSettings?
        /// The quality a JPEG was written at; nil for PNG.
        public var jpegQuality: Int?
    }

    /// How a file was written: its format, the PNG settings or JPEG quality used, and its size.
    public struct Written: Sendable, Equatable {
        public var format: OutputFormat
        public var pngSettings: PNGSettings?
        public var jpegQuality: Int?
        /// The file's size in bytes.
        public var bytes: Int
    }

    /// Encodes `image` in memory. A JPEG has no alpha: transparent pixels are composited over
    /// white first. A PNG's settings are `pngSettings`, or chosen from the content by
    /// `PNGSettings.chosen(for:)` when nil.
    /// - Throws: `ImageEncodingError.invalidQuality` for a quality outside 1…100, `.encodingFailed`
    ///   when the encoder fails (out of memory).
    public static func encode(
        _ image: RGBAImage, as format: OutputFormat, jpegQuality: Int = 85, pngSettings: PNGSettings? = nil
    ) throws(ImageEncodingError) -> Encoded {
        guard (1...100).contains(jpegQuality) else { throw .invalidQuality(jpegQuality) }
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let succeeded: Bool
        var encoded = Encoded(format: format, data: Data(), pngSettings: nil, jpegQuality: nil)
        switch format {
        case .png:
            let settings = pngSettings ?? PNGSettings.chosen(for: image)
            encoded.pngSettings = settings
            succeeded = image.pixels.withUnsafeBufferPointer { pixels in
                crp_png_encode_rgba8(
                    pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                    settings.options, &output, &size, &message, message.count) == CRP_PNG_OK
            }
            if let output { encoded.data = Data(bytes: output, count: size) }
            crp_png_free(output)
        case .jpeg:
            encoded.jpegQuality = jpegQuality
            let flattened = image.isOpaque ? image : image.composited(over: SIMD3(255, 255, 255))
            succeeded = flattened.pixels.withUnsafeBufferPointer { pixels in
                crp_jpeg_encode_rgba8(
                    pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                    Int32(jpegQuality), &output, &size, &message, message.count) == CRP_JPEG_OK
            }
            if let output { encoded.data = Data(bytes: output, count: size) }
            crp_jpeg_free(output)
        }
        guard succeeded else {
            throw .encodingFailed(
                format: format,
                reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return encoded
    }

    /// Encodes `image` in the format `path`'s extension names and writes it atomically (a
    /// temporary file beside it, then renamed), as `encode` does in memory.
    /// - Throws: `ImageEncodingError` for an unknown extension, a bad quality, an encoder failure or
    ///   a failed write (with the system's reason).
    public static func write(_ image: RGBAImage, to path: String, jpegQuality: Int = 85) throws(ImageEncodingError)
        -> Written
    {
        guard let format = OutputFormat(path: path) else { throw .unsupportedOutputFormat(path: path) }
        do {
            try AtomicFile.checkWritable(path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        let encoded = try encode(image, as: format, jpegQuality: jpegQuality)
        do {
            try AtomicFile.write(encoded.data, to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        return Written(
            format: format, pngSettings: encoded.pngSettings, jpegQuality: encoded.jpegQuality,
            bytes: encoded.data.count)
    }
}

extension RGBAImage {
    /// The image composited over an opaque background colour.
    func composited(over background: SIMD3<UInt16>) -> RGBAImage {
        var pixels = self.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = UInt16(pixels[index + 3])
            for channel in 0..<3 {
                let value = UInt16(pixels[index + channel]) * alpha + background[channel] * (255 - alpha)
                pixels[index + channel] = UInt8((value + 127) / 255)
            }
            pixels[index + 3] = 255
        }
        return RGBAImage(size: size, pixels: pixels)
    }
}
