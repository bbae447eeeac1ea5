/// The colour type, zlib and filter settings a PNG is written with; by default chosen from the
/// image's content by `chosen(for:)`.
///
/// Photographs (and any image without large flat areas) compress about as well with the Paeth
/// filter and zlib's run-length strategy at level 1 as with adaptive filters at zlib's default
/// level, many times faster.
/// Drawings of few colours with flat areas (icons, badges) get adaptive filtering and zlib's best
/// compression, which is fast on them. Gray images are written gray, opaque ones without alpha.
/// In JSON each setting is its raw string (`"photo"`, `"gray+alpha"`, `"rle"`, `"paeth"`, …).
public struct PNGSettings: Sendable, Equatable, Codable {
    /// The kind of picture a set of settings suits.
    public enum Content: String, Sendable, Codable, CaseIterable {
        /// Continuous tone without large flat areas: fast filtering and compression.
        case photo
        /// Few colours and flat areas: the best compression, which is fast on such images.
        case graphic
    }

    /// The samples written per pixel.
    public enum ColorType: String, Sendable, Codable, CaseIterable {
        /// One sample, taken from the red channel: for images whose pixels are all gray.
        case gray
        /// Gray and alpha.
        case grayAlpha = "gray+alpha"
        /// Red, green and blue: for opaque images.
        case rgb
        /// Red, green, blue and alpha.
        case rgba

        /// Samples per pixel (1 to 4).
        public var channels: Int {
            switch self {
            case .gray: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// zlib's compression strategy (`deflateInit2`'s `strategy`).
    public enum ZlibStrategy: String, Sendable, Codable, CaseIterable {
        /// `Z_DEFAULT_STRATEGY`.
        case `default`
        /// `Z_FILTERED`: favours Huffman coding over string matching, for filtered data.
        case filtered
        /// `Z_HUFFMAN_ONLY`: no string matching at all.
        case huffman
        /// `Z_RLE`: matches only runs of one byte; fast, and good on filtered photographs.
        case rle
    }

    /// The PNG row filter: one for every row, or the best per row.
    public enum Filter: String, Sendable, Codable, CaseIterable {
        /// Every filter is tried on each row and the one whose output looks smallest is kept.
        case adaptive
        /// No filtering.
        case none
        /// Difference from the pixel to the left.
        case sub
        /// Difference from the pixel above.
        case up
        /// Difference from the mean of left and above.
        case average
        /// Difference from the Paeth predictor of left, above and upper left.
        case paeth
    }

    /// Which content the settings were chosen for.
    public var content: Content
    /// The samples written per pixel.
    public var colorType: ColorType
    /// zlib's compression level, 0 (store) to 9 (smallest).
    public var zlibLevel: Int
    /// zlib's strategy.
    public var zlibStrategy: ZlibStrategy
    /// The row filter.
    public var filter: Filter

    /// Settings given one by one; `zlibLevel` is clamped to 0…9 when the image is written.
    public init(content: Content, colorType: ColorType, zlibLevel: Int, zlibStrategy: ZlibStrategy, filter: Filter) {
        self.content = content
        self.colorType = colorType
        self.zlibLevel = zlibLevel
        self.zlibStrategy = zlibStrategy
        self.filter = filter
    }

    /// The settings for a photograph (level 1, run-length strategy, Paeth) written as `colorType`.
    public static func photo(colorType: ColorType = .rgba) -> PNGSettings {
        PNGSettings(content: .photo, colorType: colorType, zlibLevel: 1, zlibStrategy: .rle, filter: .paeth)
    }

    /// The settings for a drawing (level 9, default strategy, adaptive filtering) written as `colorType`.
    public static func graphic(colorType: ColorType = .rgba) -> PNGSettings {
        PNGSettings(content: .graphic, colorType: colorType, zlibLevel: 9, zlibStrategy: .default, filter: .adaptive)
    }

    /// Settings for `image`: `graphic` when it has at most 256 colours and at least half of its
    /// pixels repeat their left neighbour, `photo` otherwise; the smallest colour type that keeps
    /// every pixel. One pass over the pixels at most; a photograph stops counting colours after a
    /// few hundred pixels.
    public static func chosen(for image: RGBAImage) -> PNGSettings {
        let (gray, opaque, graphic) = image.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            let (gray, opaque) = PixelScan.grayAndOpaque(pixels)
            return (gray, opaque, isGraphic(pixels, width: image.size.width))
        }
        let colorType: ColorType = gray ? (opaque ? .gray : .grayAlpha) : (opaque ? .rgb : .rgba)
        return graphic ? .graphic(colorType: colorType) : .photo(colorType: colorType)
    }

    /// At most 256 distinct pixels, and at least half of them equal to their left neighbour;
    /// gives up at the 257th colour.
    private static func isGraphic(_ pixels: UnsafeBufferPointer<UInt32>, width: Int) -> Bool {
        guard width > 0 else { return true }
        var colors = Set<UInt32>(minimumCapacity: 512)
        var repeats = 0
        for rowStart in stride(from: 0, to: pixels.count, by: width) {
            var previous = pixels[rowStart]
            colors.insert(previous)
            for index in (rowStart + 1)..<min(rowStart + width, pixels.count) {
                let pixel = pixels[index]
                if pixel == previous {
                    repeats += 1
                    continue
                }
                previous = pixel
                colors.insert(pixel)
                if colors.count > 256 { return false }
            }
            if colors.count > 256 { return false }
        }
        return repeats * 2 >= pixels.count
    }
}
