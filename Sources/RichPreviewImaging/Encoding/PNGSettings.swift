import CRichPreviewPNG

/// The colour type, zlib and filter settings a PNG was written with, chosen from the image's content.
///
/// Photographs (and any image without large flat areas) compress about as well with the Paeth
/// filter and zlib's run-length strategy at level 1 as with libpng's defaults, many times faster.
/// Drawings of few colours with flat areas (icons, badges) get adaptive filtering and zlib's best
/// compression, which is fast on them. Gray images are written gray, opaque ones without alpha.
public struct PNGSettings: Sendable, Equatable, Codable {
    /// `photo` or `graphic`: which content the settings were chosen for.
    public var content: String
    /// `gray`, `gray+alpha`, `rgb` or `rgba`.
    public var colorType: String
    public var zlibLevel: Int
    /// `default`, `filtered`, `huffman` or `rle`.
    public var zlibStrategy: String
    /// `adaptive` (all filters), or one of `none`, `sub`, `up`, `average`, `paeth`.
    public var filter: String

    /// Settings for `image`: `graphic` when it has at most 256 colours and at least half of its
    /// pixels repeat their left neighbour, `photo` otherwise.
    public static func chosen(for image: RGBAImage) -> PNGSettings {
        var colors = Set<UInt32>()
        var repeats = 0
        var gray = true
        var opaque = true
        image.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            var previous: UInt32?
            for (index, pixel) in pixels.enumerated() {
                if colors.count <= 256 { colors.insert(pixel) }
                if index % image.size.width != 0, pixel == previous { repeats += 1 }
                previous = pixel
                let bytes = withUnsafeBytes(of: pixel) { SIMD4<UInt8>($0[0], $0[1], $0[2], $0[3]) }
                if bytes[0] != bytes[1] || bytes[0] != bytes[2] { gray = false }
                if bytes[3] != 255 { opaque = false }
            }
        }
        let colorType = gray ? (opaque ? "gray" : "gray+alpha") : (opaque ? "rgb" : "rgba")
        if colors.count <= 256 && repeats * 2 >= image.size.pixelCount {
            return PNGSettings(
                content: "graphic", colorType: colorType, zlibLevel: 9, zlibStrategy: "default", filter: "adaptive")
        }
        return PNGSettings(content: "photo", colorType: colorType, zlibLevel: 1, zlibStrategy: "rle", filter: "paeth")
    }

    var options: crp_png_encode_options {
        let strategies = ["default": 0, "filtered": 1, "huffman": 2, "rle": 3]
        let filters = ["adaptive": 0, "none": 1, "sub": 2, "up": 3, "average": 4, "paeth": 5]
        let channels = ["gray": 1, "gray+alpha": 2, "rgb": 3, "rgba": 4]
        return crp_png_encode_options(
            compression_level: Int32(zlibLevel), strategy: Int32(strategies[zlibStrategy] ?? 0),
            filters: Int32(filters[filter] ?? 0), channels: UInt8(channels[colorType] ?? 4))
    }
}
