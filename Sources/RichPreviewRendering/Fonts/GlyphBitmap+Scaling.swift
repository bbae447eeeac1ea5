extension GlyphBitmap {
    /// The bitmap resized by `scale` (a colour bitmap font's strike to the requested size):
    /// area averaging when shrinking, bilinear when enlarging, in premultiplied space so that
    /// edges do not darken. Placement is scaled with it and rounded to whole pixels.
    func scaled(by scale: Double) -> GlyphBitmap {
        guard scale.isFinite, scale > 0, width > 0, height > 0,
            Double(width) * scale <= Self.maxScaledSide, Double(height) * scale <= Self.maxScaledSide
        else { return .empty }
        let channels = isColor ? 4 : 1
        let targetWidth = max(1, Int((Double(width) * scale).rounded(.up)))
        let targetHeight = max(1, Int((Double(height) * scale).rounded(.up)))
        let columns = Self.weights(source: width, target: targetWidth, scale: scale)
        let rows = Self.weights(source: height, target: targetHeight, scale: scale)

        var horizontal = [Double](repeating: 0, count: targetWidth * height * channels)
        for y in 0..<height {
            for (x, taps) in columns.enumerated() {
                for (source, weight) in taps {
                    for channel in 0..<channels {
                        horizontal[(y * targetWidth + x) * channels + channel] +=
                            weight * Double(pixels[(y * width + source) * channels + channel])
                    }
                }
            }
        }
        var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * channels)
        for (y, taps) in rows.enumerated() {
            for x in 0..<targetWidth {
                var sums = SIMD4<Double>()
                for (source, weight) in taps {
                    for channel in 0..<channels {
                        sums[channel] += weight * horizontal[(source * targetWidth + x) * channels + channel]
                    }
                }
                let base = (y * targetWidth + x) * channels
                let alpha = UInt8(min(max(sums[channels - 1].rounded(), 0), 255))
                for channel in 0..<channels {
                    let value = UInt8(min(max(sums[channel].rounded(), 0), 255))
                    result[base + channel] = channels == 4 && channel < 3 ? min(value, alpha) : value
                }
            }
        }
        return GlyphBitmap(
            width: targetWidth, height: targetHeight, left: Int((Double(left) * scale).rounded()),
            top: Int((Double(top) * scale).rounded()), isColor: isColor, pixels: result)
    }

    /// The widest or tallest scaled bitmap made; a larger one is drawn as nothing.
    static let maxScaledSide = 4096.0

    /// For each target index, the source indices and weights that make it up.
    private static func weights(source: Int, target: Int, scale: Double) -> [[(Int, Double)]] {
        (0..<target).map { index in
            if scale < 1 {
                let start = Double(index) / scale
                let end = Double(index + 1) / scale
                var taps: [(Int, Double)] = []
                var column = Int(start.rounded(.down))
                while Double(column) < end, column < source {
                    let overlap = min(end, Double(column + 1)) - max(start, Double(column))
                    if column >= 0, overlap > 0 { taps.append((column, overlap / (end - start))) }
                    column += 1
                }
                return taps
            }
            let center = (Double(index) + 0.5) / scale - 0.5
            let first = Int(center.rounded(.down))
            let fraction = center - Double(first)
            return [(first, 1 - fraction), (first + 1, fraction)].filter { $0.0 >= 0 && $0.0 < source && $0.1 > 0 }
        }
    }
}
