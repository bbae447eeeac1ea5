import CRichPreviewPNG
import Foundation

/// The PNG writer over zlib: the only Swift code that names `crp_png_encode_rgba8` and its options.
enum PNGEncoder {
    /// The most threads one encode uses.
    static let maximumThreads = 16

    /// Encodes `image` with `settings` in memory, filtering and deflating bands of rows on up to
    /// `threads` threads (clamped to 1…16); the bytes do not depend on `threads`.
    static func encode(_ image: RGBAImage, settings: PNGSettings, threads: Int = 1) throws(ImageEncodingError) -> Data {
        guard image.size.width <= Int(Int32.max), image.size.height <= Int(Int32.max) else {
            throw .encodingFailed(format: .png, reason: "\(image.size) is larger than PNG allows")
        }
        let options = crp_png_encode_options(
            compression_level: Int32(min(max(settings.zlibLevel, 0), 9)),
            strategy: strategyCode(settings.zlibStrategy), filters: filterCode(settings.filter),
            channels: UInt8(settings.colorType.channels), threads: UInt8(min(max(threads, 1), maximumThreads)))
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            crp_png_encode_rgba8(
                pixels.baseAddress, UInt32(image.size.width), UInt32(image.size.height), image.size.width * 4,
                options, &output, &size, &message, message.count)
        }
        guard status == CRP_PNG_OK, let output else {
            crp_png_free(output)
            throw .encodingFailed(format: .png, reason: CMessage.string(message))
        }
        // The shim's buffer becomes the Data's, released by the shim: no copy of the file.
        return Data(bytesNoCopy: output, count: size, deallocator: .custom { bytes, _ in crp_png_free(bytes) })
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
