/// The pure arithmetic of one resize: which part of the source maps onto how many output pixels.
///
/// Output size for `fit`: each side is `round(side × min(W/w, H/h))`, at least 1 pixel.
/// For `fill` the output is the box and the source region is the centred part of the image with
/// the box's aspect; for `stretch` the output is the box and the region is the whole image.
public struct ScalePlan: Sendable, Equatable {
    /// The size of the image being scaled.
    public var source: PixelSize
    /// The size of the result.
    public var output: PixelSize
    /// The source region, in source pixels, that maps onto the output (fractional for `fill`).
    public var region: Region

    /// A rectangle in source pixel coordinates.
    public struct Region: Sendable, Equatable {
        /// Left edge, in source pixels from the left.
        public var x: Double
        /// Top edge, in source pixels from the top.
        public var y: Double
        /// Width in source pixels.
        public var width: Double
        /// Height in source pixels.
        public var height: Double

        /// A region from its edges and sides.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A plan given in full, for a crop or a resize that no `ScaleMode` describes.
    public init(source: PixelSize, output: PixelSize, region: Region) {
        self.source = source
        self.output = output
        self.region = region
    }

    /// Plans sizing `source` into `box` with `mode`, from the part of it `clip` selects (the
    /// whole image by default). With `enlarging` false the part is never scaled up: `fit` keeps a
    /// smaller image at its size, `fill` crops it to the box's shape no larger than itself, and
    /// `stretch` keeps each side at most the source's. It never traps: a side under 1 (of either
    /// size) is taken as 1, and a clip is clamped to the image.
    public init(source: PixelSize, box: PixelSize, mode: ScaleMode, clip: UnitRect? = nil, enlarging: Bool = true) {
        let source = PixelSize(width: max(1, source.width), height: max(1, source.height))
        let box = PixelSize(width: max(1, box.width), height: max(1, box.height))
        let part = (clip ?? .whole).region(in: source)
        let sw = part.width
        let sh = part.height
        let bw = Double(box.width)
        let bh = Double(box.height)
        switch mode {
        case .fit:
            var scale = min(bw / sw, bh / sh)
            if !enlarging { scale = min(scale, 1) }
            let output = PixelSize(width: Self.side(sw * scale), height: Self.side(sh * scale))
            self.init(source: source, output: output, region: part)
        case .fill:
            let scale = max(bw / sw, bh / sh)
            // Never enlarging, the box shrinks by the same factor until it fits in the part.
            let shrink = enlarging ? 1 : min(1, 1 / scale)
            let output = enlarging ? box : PixelSize(width: Self.side(bw * shrink), height: Self.side(bh * shrink))
            let width = min(sw, bw / scale)
            let height = min(sh, bh / scale)
            let region = Region(
                x: part.x + (sw - width) / 2, y: part.y + (sh - height) / 2, width: width, height: height)
            self.init(source: source, output: output, region: region)
        case .stretch:
            let output =
                enlarging
                ? box : PixelSize(width: min(box.width, Self.side(sw)), height: min(box.height, Self.side(sh)))
            self.init(source: source, output: output, region: part)
        }
    }

    /// A fitted side in whole pixels: rounded and at least 1. Never traps: a side too large for an
    /// `Int` is capped at `Int.max / 2`, which every pixel budget refuses.
    private static func side(_ value: Double) -> Int {
        let rounded = value.rounded()
        guard rounded < Double(Int.max / 2) else { return Int.max / 2 }
        return max(1, Int(rounded))
    }

    /// True when the output is the source's own pixels, unscaled and uncropped.
    public var isIdentity: Bool {
        output == source && region == Region(x: 0, y: 0, width: Double(source.width), height: Double(source.height))
    }

    /// The smaller of the two reduction factors (source region over output); below 1 when enlarging.
    public var reduction: Double {
        min(region.width / Double(output.width), region.height / Double(output.height))
    }

    /// The least reduction each libjpeg DCT scaling denominator must leave to the resampling
    /// filter, largest denominator first: decoding at 1/d loses detail that the filter hides only
    /// when it still reduces by this much. Measured, not chosen: the smallest residual factor from
    /// which decoding at 1/d then Lanczos-3 stays at or above 45 dB PSNR against a full-resolution
    /// Lanczos-3 on every benchmark photo (vipsthumbnail's lowest benchmark row is 44.8 dB); table
    /// and command in `Benchmarks/shrink-thresholds.md`.
    package static let jpegShrinkThresholds: [(denominator: Int, minimumResidual: Double)] = [
        (8, 1.6), (4, 1.6), (2, 1.5),
    ]

    /// The libjpeg DCT scaling denominator (1, 2, 4 or 8) to decode with: the largest whose
    /// residual reduction (`reduction / d`, the smaller axis) is at least its threshold in
    /// `thresholds`; 1 when none is.
    package func jpegShrink(
        thresholds: [(denominator: Int, minimumResidual: Double)] = ScalePlan.jpegShrinkThresholds
    ) -> Int {
        for (denominator, minimumResidual) in thresholds where reduction / Double(denominator) >= minimumResidual {
            return denominator
        }
        return 1
    }

    /// The same plan for a source decoded at a reduced size (libjpeg rounds reduced sizes up).
    package func scaled(toSource decoded: PixelSize) -> ScalePlan {
        let fx = Double(decoded.width) / Double(source.width)
        let fy = Double(decoded.height) / Double(source.height)
        let region = Region(x: region.x * fx, y: region.y * fy, width: region.width * fx, height: region.height * fy)
        return ScalePlan(source: decoded, output: output, region: region)
    }
}
