import CRichPreviewPNG

/// The zlib and filter settings a PNG was written with, chosen from the image's content.
///
/// Photographs compress about as well with the Paeth filter and zlib's run-length strategy at
/// level 1 as with libpng's defaults, many times faster; images of few colours (icons, badges,
/// drawings) get adaptive filtering and zlib's best compression, which is fast on them.
public struct PNGSettings: Sendable, Equatable, Codable {
    /// `photo` or `graphic`: which content the settings were chosen for.
    public var content: String
    public var zlibLevel: Int
    /// `default`, `filtered`, `huffman` or `rle`.
    public var zlibStrategy: String
    /// `adaptive` (all filters), or one of `none`, `sub`, `up`, `average`, `paeth`.
    public var filter: String

    public static let photo = PNGSettings(content: "photo", zlibLevel: 1, zlibStrategy: "rle", filter: "paeth")
    public static let graphic = PNGSettings(content: "graphic", zlibLevel: 9, zlibStrategy: "default", filter: "adaptive")

    /// `graphic` when the pixels use at most 256 distinct colours, `photo` otherwise.
    public static func chosen(for image: RGBAImage) -> PNGSettings {
        var colors = Set<UInt32>()
        let limit = 256
        let done: Bool = image.pixels.withUnsafeBytes { raw in
            for pixel in raw.bindMemory(to: UInt32.self) {
                colors.insert(pixel)
                if colors.count > limit { return false }
            }
            return true
        }
        return done ? .graphic : .photo
    }

    var options: crp_png_encode_options {
        let strategies = ["default": 0, "filtered": 1, "huffman": 2, "rle": 3]
        let filters = ["adaptive": 0, "none": 1, "sub": 2, "up": 3, "average": 4, "paeth": 5]
        return crp_png_encode_options(
            compression_level: Int32(zlibLevel), strategy: Int32(strategies[zlibStrategy] ?? 0),
            filters: Int32(filters[filter] ?? 0), has_alpha: 1)
    }
}
