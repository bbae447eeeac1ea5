import CRichPreviewJPEG
import CRichPreviewPNG
import Foundation
import RichPreview

/// Writes RGBA images as PNG or JPEG files, atomically (temporary file, then rename).
public enum ImageEncoder {
    /// How a file was written: its format, and the PNG settings or JPEG quality used.
    public struct Written: Sendable, Equatable {
        public var format: OutputFormat
        public var pngSettings: PNGSettings?
        public var jpegQuality: Int?
        public var bytes: Int
    }

    /// Writes `image` to `path` in the format its extension names. A JPEG has no alpha: transparent
    /// pixels are composited over white first. A PNG's settings come from `PNGSettings.chosen`.
    /// - Throws: `ImageEncodingError` for an unknown extension, a bad quality or a failed write.
    public static func write(_ image: RGBAImage, to path: String, jpegQuality: Int = 85) throws(ImageEncodingError)
        -> Written
    {
        guard let format = OutputFormat(path: path) else { throw .unsupportedOutputFormat(path: path) }
        guard (1...100).contains(jpegQuality) else { throw .invalidQuality(jpegQuality) }
        var written = Written(format: format, pngSettings: nil, jpegQuality: nil, bytes: 0)
        var message = [CChar](repeating: 0, count: 256)
        let url = URL(fileURLWithPath: path)
        do {
            try AtomicFile.write(to: url) { temporary in
                let status: Bool
                switch format {
                case .png:
                    let settings = PNGSettings.chosen(for: image)
                    written.pngSettings = settings
                    let options = settings.options
                    status = image.pixels.withUnsafeBufferPointer { pixels in
                        crp_png_encode_rgba8_to_file(
                            temporary, pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height),
                            image.size.width * 4, options, &message, message.count) == CRP_PNG_OK
                    }
                case .jpeg:
                    written.jpegQuality = jpegQuality
                    let flattened = image.isOpaque ? image : image.composited(over: SIMD3(255, 255, 255))
                    status = flattened.pixels.withUnsafeBufferPointer { pixels in
                        crp_jpeg_encode_rgba8_to_file(
                            temporary, pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height),
                            image.size.width * 4, Int32(jpegQuality), &message, message.count) == CRP_JPEG_OK
                    }
                }
                if !status {
                    throw ImageEncodingError.writeFailed(
                        path: path,
                        reason: String(
                            decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
                }
            }
        } catch let error as ImageEncodingError {
            throw error
        } catch {
            throw .writeFailed(path: path, reason: "\(error)")
        }
        written.bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        return written
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
