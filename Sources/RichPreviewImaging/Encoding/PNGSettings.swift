/// The colour type, row filter and compressor a PNG is written with; by default chosen from the
/// image's content by `chosen(for:)`.
///
/// Photographs (and any image without large flat areas) get the Paeth filter and libdeflate at
/// level 1: less CPU time than zlib's run-length strategy for a few percent more bytes, measured
/// in Benchmarks/encode-profile.md. zlib deflates bands of rows on several threads and libdeflate
/// cannot, so with a second thread the two take about the same wall time.
/// Drawings of few colours with flat areas (icons, badges) get adaptive filtering and zlib at level
/// 9, its smallest, which is fast on such images.
/// Gray images are written gray, opaque ones without alpha.
/// In JSON each setting is its raw string (`"photo"`, `"gray+alpha"`, `"libdeflate"`, `"rle"`,
/// `"paeth"`, …) under its own key, the level under `zlibLevel` whichever the compressor (see
/// `Compression`).
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

    /// The deflate implementation that compresses the filtered rows.
    public enum Compressor: String, Sendable, Codable, CaseIterable {
        /// zlib: bands of rows are deflated apart, on as many threads as the encode may use, and
        /// joined into one stream; levels 0 (store) to 9.
        case zlib
        /// libdeflate: every filtered row in one buffer (about the size of the image's samples, plus
        /// as much again for the output), compressed by one call on one thread; levels 0 (store) to 12.
        case libdeflate
    }

    /// The compressor and its settings. A level outside the compressor's range is clamped to it
    /// when the image is written.
    public enum Compression: Sendable, Equatable, Hashable {
        /// zlib at `level` 0…9 with `strategy`.
        case zlib(level: Int, strategy: ZlibStrategy)
        /// libdeflate at `level` 0…12 (1 fastest, 6 its default, 10–12 its slow, smallest modes).
        case libdeflate(level: Int)

        /// Which compressor.
        public var compressor: Compressor {
            switch self {
            case .zlib: .zlib
            case .libdeflate: .libdeflate
            }
        }

        /// The level on the compressor's own scale (zlib 0…9, libdeflate 0…12).
        public var level: Int {
            switch self {
            case .zlib(let level, _), .libdeflate(let level): level
            }
        }

        /// zlib's strategy; nil for libdeflate, which has none.
        public var zlibStrategy: ZlibStrategy? {
            switch self {
            case .zlib(_, let strategy): strategy
            case .libdeflate: nil
            }
        }

        /// The same compressor at `level`.
        func with(level: Int) -> Compression {
            switch self {
            case .zlib(_, let strategy): .zlib(level: level, strategy: strategy)
            case .libdeflate: .libdeflate(level: level)
            }
        }
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
    /// The compressor and its level (and zlib's strategy).
    public var compression: Compression
    /// The row filter.
    public var filter: Filter

    /// Settings given one by one.
    public init(content: Content, colorType: ColorType, compression: Compression, filter: Filter) {
        self.content = content
        self.colorType = colorType
        self.compression = compression
        self.filter = filter
    }

    /// Settings that compress with zlib, as every PNG was written before libdeflate.
    @available(*, deprecated, message: "use init(content:colorType:compression:filter:) with .zlib(level:strategy:)")
    public init(content: Content, colorType: ColorType, zlibLevel: Int, zlibStrategy: ZlibStrategy, filter: Filter) {
        self.init(
            content: content, colorType: colorType, compression: .zlib(level: zlibLevel, strategy: zlibStrategy),
            filter: filter)
    }

    /// The compression level on the compressor's scale; setting it keeps the compressor.
    @available(
        *, deprecated, message: "use compression: its level, or a new .zlib(level:strategy:) or .libdeflate(level:)"
    )
    public var zlibLevel: Int {
        get { compression.level }
        set { compression = compression.with(level: newValue) }
    }

    /// zlib's strategy; nil when libdeflate compresses.
    @available(*, deprecated, renamed: "compression.zlibStrategy")
    public var zlibStrategy: ZlibStrategy? { compression.zlibStrategy }

    /// The settings for a photograph (Paeth, libdeflate at level 1) written as `colorType`.
    public static func photo(colorType: ColorType = .rgba) -> PNGSettings {
        PNGSettings(content: .photo, colorType: colorType, compression: .libdeflate(level: 1), filter: .paeth)
    }

    /// The settings for a drawing (adaptive filtering, zlib at level 9 with its default strategy)
    /// written as `colorType`.
    public static func graphic(colorType: ColorType = .rgba) -> PNGSettings {
        PNGSettings(
            content: .graphic, colorType: colorType, compression: .zlib(level: 9, strategy: .default),
            filter: .adaptive)
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

extension PNGSettings {
    private enum CodingKeys: String, CodingKey {
        case content, colorType, filter, compressor, zlibLevel, zlibStrategy
    }

    /// Reads the keys `encode(to:)` writes; without `compressor` (as written before libdeflate)
    /// the settings are zlib's.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let level = try container.decode(Int.self, forKey: .zlibLevel)
        let compression: Compression
        switch try container.decodeIfPresent(Compressor.self, forKey: .compressor) ?? .zlib {
        case .zlib:
            compression = .zlib(level: level, strategy: try container.decode(ZlibStrategy.self, forKey: .zlibStrategy))
        case .libdeflate:
            compression = .libdeflate(level: level)
        }
        self.init(
            content: try container.decode(Content.self, forKey: .content),
            colorType: try container.decode(ColorType.self, forKey: .colorType), compression: compression,
            filter: try container.decode(Filter.self, forKey: .filter))
    }

    /// Writes `content`, `colorType`, `filter`, `compressor`, the level as `zlibLevel` (on the
    /// compressor's scale) and `zlibStrategy` (null for libdeflate).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(content, forKey: .content)
        try container.encode(colorType, forKey: .colorType)
        try container.encode(filter, forKey: .filter)
        try container.encode(compression.compressor, forKey: .compressor)
        try container.encode(compression.level, forKey: .zlibLevel)
        try container.encode(compression.zlibStrategy, forKey: .zlibStrategy)
    }
}
