import Foundation

/// Encodes RGBA images as PNG or JPEG, in memory or into a file written atomically.
public enum ImageEncoder {
    /// Encodes `image` in memory as `encoding` says. A JPEG has no alpha: transparent pixels are
    /// composited over white first. A PNG's rows are filtered in bands on up to `threads` threads
    /// (1…16; more are clamped), which with zlib also deflate them; libdeflate compresses every
    /// filtered row in one call on the calling thread, holding them all and an output buffer as
    /// large (about twice the samples written) while it does. The bytes are the same whatever
    /// `threads` is.
    /// - Throws: `ImageEncodingError.invalidQuality` for a JPEG quality outside 1…100,
    ///   `.encodingFailed` when the encoder fails (out of memory).
    public static func encode(_ image: RGBAImage, as encoding: ImageEncoding = .png(), threads: Int = 1)
        throws(ImageEncodingError) -> EncodedImage
    {
        switch encoding {
        case .png(let given):
            let settings = given ?? PNGSettings.chosen(for: image)
            let data = try PNGEncoder.encode(image, settings: settings, threads: threads)
            return EncodedImage(format: .png, data: data, pngSettings: settings, jpegQuality: nil)
        case .jpeg(let quality):
            guard (1...100).contains(quality) else { throw .invalidQuality(quality) }
            let flattened = PixelScan.isOpaque(image) ? image : image.composited(over: SIMD3(255, 255, 255))
            let data = try JPEGEncoder.encode(flattened, quality: quality)
            return EncodedImage(format: .jpeg, data: data, pngSettings: nil, jpegQuality: quality)
        }
    }

    /// The bytes `encode` allocates at once for a whole image of `size`, besides its pixels, that
    /// grow with the image whatever it holds: a PNG's buffers for libdeflate (the most of any
    /// settings content could choose when none are given); nil when the count overflows. zlib's
    /// buffers, which grow with the compressed data, and JPEG's are not counted.
    static func wholeImageBytes(_ size: PixelSize, encoding: ImageEncoding) -> Int? {
        switch encoding {
        case .png(let given?):
            return PNGEncoder.wholeImageBytes(size, settings: given)
        case .png(nil):
            var most = 0
            for content in PNGSettings.Content.allCases {
                let settings = content == .photo ? PNGSettings.photo(colorType: .rgba) : .graphic(colorType: .rgba)
                guard let bytes = PNGEncoder.wholeImageBytes(size, settings: settings) else { return nil }
                most = max(most, bytes)
            }
            return most
        case .jpeg:
            return 0
        }
    }

    /// Encodes `image` and writes it to `path` atomically (a temporary file beside it, then
    /// renamed, so a reader sees the old file or the new one, never a part). The encoding is
    /// `encoding`, or the default for the format `path`'s extension names (`.png`, `.jpg`, `.jpeg`);
    /// `threads` is `encode`'s.
    /// - Throws: `ImageEncodingError.unsupportedOutputFormat` when `path`'s extension names no
    ///   format, `.formatDiffersFromExtension` when it names another than `encoding`'s, a bad quality, an encoder failure, or
    ///   `.writeFailed` with the system's reason; a failed write leaves the old file untouched.
    @discardableResult
    public static func write(_ image: RGBAImage, to path: String, as encoding: ImageEncoding? = nil, threads: Int = 1)
        throws(ImageEncodingError) -> WrittenImage
    {
        guard let format = OutputFormat(path: path) else { throw .unsupportedOutputFormat(path: path) }
        if let encoding, encoding.format != format {
            throw .formatDiffersFromExtension(path: path, format: encoding.format)
        }
        do {
            try AtomicFile.checkWritable(path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        let encoded = try encode(image, as: encoding ?? ImageEncoding(format), threads: threads)
        do {
            try AtomicFile.write(encoded.data, to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
        return WrittenImage(
            path: path, format: format, pngSettings: encoded.pngSettings, jpegQuality: encoded.jpegQuality,
            byteCount: encoded.data.count)
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
