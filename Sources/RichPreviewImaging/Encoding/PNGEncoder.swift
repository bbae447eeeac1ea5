import CRichPreviewPNG
import Foundation

/// The PNG writer over zlib and libdeflate: the only Swift code that names `crp_png_encode_rgba8`
/// and its options.
enum PNGEncoder {
    /// The most threads one encode uses.
    static let maximumThreads = 16

    /// Encodes `image` with `settings` in memory, filtering bands of rows on up to `threads` threads
    /// (clamped to 1…16), which with zlib also deflate them; the bytes do not depend on `threads`.
    /// With libdeflate the encode holds `wholeImageBytes(_:settings:)` more bytes while it compresses.
    /// An `iccProfile` goes into an iCCP chunk.
    static func encode(_ image: RGBAImage, settings: PNGSettings, threads: Int = 1, iccProfile: Data? = nil)
        throws(ImageEncodingError) -> Data
    {
        guard image.size.width <= Int(Int32.max), image.size.height <= Int(Int32.max) else {
            throw .encodingFailed(format: .png, reason: "\(image.size) is larger than PNG allows")
        }
        let options = self.options(settings, threads: threads)
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            guard let iccProfile else {
                return crp_png_encode_rgba8(
                    pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                    options, &output, &size, &message, message.count)
            }
            return iccProfile.withUnsafeBytes { profile in
                crp_png_encode_rgba8_icc(
                    pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                    options, profile.bindMemory(to: UInt8.self).baseAddress, profile.count, &output, &size, &message,
                    message.count)
            }
        }
        guard status == CRP_PNG_OK, let output else {
            crp_png_free(output)
            throw .encodingFailed(format: .png, reason: CMessage.string(message))
        }
        // The shim's buffer becomes the Data's, released by the shim: no copy of the file.
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { bytes, _ in crp_png_free(bytes) })
    }

    /// The bytes an encode of a `size` image with `settings` allocates at once for the whole image,
    /// besides the pixels: with libdeflate every filtered row and an output buffer of libdeflate's
    /// worst case, together about twice the samples written; 0 with zlib, whose buffers grow with the
    /// compressed data. Nil when the count does not fit in an `Int` or the size is larger than PNG allows.
    static func wholeImageBytes(_ size: PixelSize, settings: PNGSettings) -> Int? {
        guard (0...Int(Int32.max)).contains(size.width), (0...Int(Int32.max)).contains(size.height) else {
            return nil
        }
        let bytes = crp_png_encode_whole_image_bytes(
            UInt32(size.width), UInt32(size.height), options(settings, threads: 1))
        // size_t comes in as Int: SIZE_MAX, the shim's overflow mark, and anything past Int.max are negative.
        return bytes >= 0 ? bytes : nil
    }

    /// The shim's options for `settings`, the level clamped to the compressor's range.
    private static func options(_ settings: PNGSettings, threads: Int) -> crp_png_encode_options {
        let compressor: crp_png_compressor
        let level: Int
        let strategy: Int32
        switch settings.compression {
        case .zlib(let zlibLevel, let zlibStrategy):
            compressor = CRP_PNG_ZLIB
            level = min(max(zlibLevel, 0), 9)
            strategy = strategyCode(zlibStrategy)
        case .libdeflate(let libdeflateLevel):
            compressor = CRP_PNG_LIBDEFLATE
            level = min(max(libdeflateLevel, 0), 12)
            strategy = 0
        }
        return crp_png_encode_options(
            compression_level: Int32(level), strategy: strategy, filters: filterCode(settings.filter),
            channels: UInt8(settings.colorType.channels), threads: UInt8(min(max(threads, 1), maximumThreads)),
            compressor: UInt8(compressor.rawValue))
    }

    private static func strategyCode(_ strategy: PNGSettings.ZlibStrategy) -> Int32 {
        switch strategy {
        case .default: 0
        case .filtered: 1
        case .huffman: 2
        case .rle: 3
        }
    }

    private static func filterCode(_ filter: PNGSettings.Filter) -> Int32 {
        switch filter {
        case .adaptive: 0
        case .none: 1
        case .sub: 2
        case .up: 3
        case .average: 4
        case .paeth: 5
        }
    }
}
