import Foundation

/// Encodes RGBA images as PNG or JPEG, in memory or into a file written atomically.
public enum ImageEncoder {
    /// Encodes `image` in memory as `encoding` says. A JPEG has no alpha: transparent pixels are
    /// composited over white first. A PNG's rows are filtered in bands on up to `threads` threads
    /// (1…16; more are clamped), which with zlib also deflate them; libdeflate compresses every
    /// filtered row in one call on the calling thread, holding them all and an output buffer as
    /// large (about twice the samples written) while it does. The bytes are the same whatever
    /// `threads` is. An `iccProfile` (an RGB or grey one) is embedded: a JPEG's APP2 markers, a
    /// PNG's iCCP chunk (a PNG's colour type then follows the profile: grey for a grey one, colour
    /// for an RGB one).
    /// - Throws: `ImageEncodingError.invalidQuality` for a JPEG quality outside 1…100,
    ///   `.encodingFailed` when the encoder fails (out of memory, a profile it cannot embed).
    public static func encode(
        _ image: RGBAImage, as encoding: ImageEncoding = .png(), threads: Int = 1, iccProfile: Data? = nil
    ) throws(ImageEncodingError) -> EncodedImage {
        switch encoding {
        case .png(let given):
            var settings = given ?? PNGSettings.chosen(for: image)
            if let iccProfile { settings.colorType = settings.colorType.matching(profile: iccProfile) }
            let data = try PNGEncoder.encode(image, settings: settings, threads: threads, iccProfile: iccProfile)
            return EncodedImage(format: .png, data: data, pngSettings: settings, jpegQuality: nil)
        case .jpeg(let quality):
            guard (1...100).contains(quality) else { throw .invalidQuality(quality) }
            let flattened = PixelScan.isOpaque(image) ? image : image.composited(over: SIMD3(255, 255, 255))
            // A grey profile has no place in a colour JPEG: its greys are stored as they were.
            let profile = iccProfile.flatMap { PNGSettings.ColorType.rgb.matching(profile: $0) == .rgb ? $0 : nil }
            let data = try JPEGEncoder.encode(flattened, quality: quality, iccProfile: profile)
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

extension PNGSettings.ColorType {
    /// This colour type with its colour kind set by `profile`'s colour space (bytes 16–19 of an
    /// ICC profile): grey for a `GRAY` profile, colour for any other; alpha kept.
    func matching(profile: Data) -> PNGSettings.ColorType {
        let isGray =
            profile.count >= 20 && profile[profile.startIndex + 16..<profile.startIndex + 20].elementsEqual("GRAY".utf8)
        let hasAlpha = self == .grayAlpha || self == .rgba
        switch (isGray, hasAlpha) {
        case (true, false): return .gray
        case (true, true): return .grayAlpha
        case (false, false): return .rgb
        case (false, true): return .rgba
        }
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
