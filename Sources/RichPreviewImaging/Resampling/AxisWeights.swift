/// Precomputed fixed-point filter taps for one axis: for each output pixel, the first source pixel
/// it reads and the weights of the pixels from there, as `Int16` with `precision` fractional bits
/// summing to exactly `1 << precision` (so a flat colour stays exactly flat).
///
/// A windowed axis (the horizontal one) gives every output pixel the same number of taps,
/// `stride`, a multiple of 4 for the SIMD kernel: the extra taps weigh nothing, and a window that
/// would run past the row's end is moved left, so that it reads past the row only when the row is
/// narrower than the window. A packed axis (the vertical one) keeps each pixel's own tap count.
struct AxisWeights {
    /// Output pixels on this axis.
    let outputLength: Int
    /// First source index read by each output index.
    let starts: [Int32]
    /// Taps read by each output index (`stride` for every index of a windowed axis).
    let counts: [Int]
    /// `stride` weights per output index, zero-padded.
    let weights: [Int16]
    /// Weights stored per output index.
    let stride: Int
    /// Fractional bits of the weights, 7...22.
    let precision: Int

    /// How the taps are laid out for the kernel.
    enum Layout {
        /// Every output index reads `stride` taps (a multiple of 4).
        case windowed
        /// Each output index reads its own count of taps.
        case packed
    }

    /// The most fractional bits any axis uses: 255 × 1.3 × 2^22 still fits an `Int32` sum.
    static let maximumPrecision = 22
    /// The fewest fractional bits: the 8-bit horizontal kernel shifts by `precision - 6`.
    static let minimumPrecision = 7

    /// Weights mapping `regionLength` source pixels starting at `regionStart` (within a source of
    /// `sourceLength` pixels) onto `outputLength` pixels. Taps past the source edges are dropped
    /// and the rest renormalised. `largestInput` is the largest magnitude a filtered sample can
    /// have (255 for 8-bit rows, 32767 for F6 rows): the precision is the highest at which no
    /// weight overflows an `Int16` and no sum overflows an `Int32`.
    init(
        regionStart: Double, regionLength: Double, sourceLength: Int, outputLength: Int, filter: ResamplingFilter,
        layout: Layout, largestInput: Int
    ) {
        let taps = TapGenerator(
            regionStart: regionStart, regionLength: regionLength, sourceLength: sourceLength, filter: filter,
            outputLength: outputLength)
        let rows = (0..<outputLength).map { taps.normalized($0) }
        var largestWeight = 0.0
        var largestMagnitudeSum = 0.0
        var widest = 1
        for row in rows {
            widest = max(widest, row.weights.count)
            largestWeight = max(largestWeight, row.weights.map(abs).max() ?? 0)
            largestMagnitudeSum = max(largestMagnitudeSum, row.weights.reduce(0) { $0 + abs($1) })
        }
        let stride: Int
        switch layout {
        case .windowed: stride = (widest + 3) / 4 * 4
        case .packed: stride = widest
        }
        var precision = Self.maximumPrecision
        // 32000 leaves room for the rounding residual; 2^30 for rounding and quantisation in the sums.
        while precision > Self.minimumPrecision,
            largestWeight * Double(1 << precision) > 32000
                || largestMagnitudeSum * Double(1 << precision) * Double(largestInput) > Double(1 << 30)
        {
            precision -= 1
        }
        var table = Self.table(rows, sourceLength: sourceLength, layout: layout, stride: stride, precision: precision)
        // Rounding can add to the sums; check them as quantised (at the minimum precision they always fit).
        while precision > Self.minimumPrecision,
            table.largestMagnitudeSum * largestInput + (1 << (precision + 6)) >= Int(Int32.max)
        {
            precision -= 1
            table = Self.table(rows, sourceLength: sourceLength, layout: layout, stride: stride, precision: precision)
        }
        self.outputLength = outputLength
        self.starts = table.starts
        self.counts = table.counts
        self.weights = table.weights
        self.stride = stride
        self.precision = precision
    }

    /// The quantised tables at `precision`, and the largest sum of weight magnitudes of any output index.
    private static func table(
        _ rows: [(start: Int, weights: [Double])], sourceLength: Int, layout: Layout, stride: Int, precision: Int
    ) -> (starts: [Int32], counts: [Int], weights: [Int16], largestMagnitudeSum: Int) {
        let outputLength = rows.count
        var starts = [Int32](repeating: 0, count: outputLength)
        var counts = [Int](repeating: 0, count: outputLength)
        var weights = [Int16](repeating: 0, count: outputLength * stride)
        var largestMagnitudeSum = 0
        for (index, row) in rows.enumerated() {
            let quantized = quantize(row.weights, precision: precision)
            largestMagnitudeSum = max(largestMagnitudeSum, quantized.reduce(0) { $0 + abs(Int($1)) })
            var start = row.start
            var offset = 0
            if case .windowed = layout {
                // Keep the window inside the row when the row is wide enough.
                let moved = min(start, max(0, sourceLength - stride))
                offset = start - moved
                start = moved
                counts[index] = stride
            } else {
                counts[index] = quantized.count
            }
            starts[index] = Int32(clamping: start)
            for (tap, weight) in quantized.enumerated() {
                weights[index * stride + offset + tap] = weight
            }
        }
        return (starts, counts, weights, largestMagnitudeSum)
    }

    /// `weights` (summing to 1) rounded to `precision` fractional bits; the rounding residual goes
    /// to the largest weight, so that the result sums to exactly `1 << precision`.
    private static func quantize(_ weights: [Double], precision: Int) -> [Int16] {
        let one = 1 << precision
        var values = weights.map { Int(($0 * Double(one)).rounded()) }
        var largest = 0
        for index in values.indices where abs(weights[index]) > abs(weights[largest]) { largest = index }
        values[largest] += one - values.reduce(0, +)
        return values.map { Int16(clamping: $0) }
    }

    /// The bytes the weights for this axis will take (starts, counts and a padded stride of
    /// weights per output index, and the `Double` weights they are made from), computed without
    /// building them, for the memory budget.
    static func estimatedBytes(regionLength: Double, outputLength: Int, filter: ResamplingFilter) -> Double {
        let taps = estimatedMaxTaps(regionLength: regionLength, outputLength: outputLength, filter: filter)
        return Double(outputLength) * ((taps + 3) * 2 + 12 + taps * 8 + 48)
    }

    /// An upper bound of the taps any output index reads.
    static func estimatedMaxTaps(regionLength: Double, outputLength: Int, filter: ResamplingFilter) -> Double {
        let scale = regionLength / Double(outputLength)
        return (filter.support * max(scale, 1) * 2).rounded(.up) + 2
    }

    /// Calls `body` with unchecked pointers to the starts and the weights, for the kernels.
    @inline(__always)
    func withTables<Result>(_ body: (UnsafePointer<Int32>, UnsafePointer<Int16>) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            weights.withUnsafeBufferPointer { weights in
                body(starts.baseAddress!, weights.baseAddress!)
            }
        }
    }

    /// The source range any output index reads: from the lowest start to the furthest end.
    var sourceSpan: Range<Int> { sourceSpan(of: 0..<starts.count) }

    /// The source samples the outputs `outputs` read.
    func sourceSpan(of outputs: Range<Int>) -> Range<Int> {
        guard let first = outputs.first else { return 0..<0 }
        var low = Int(starts[first])
        var end = low
        for index in outputs {
            low = min(low, Int(starts[index]))
            end = max(end, Int(starts[index]) + counts[index])
        }
        return low..<end
    }
}

/// The filter's taps for each output pixel of one axis, in `Double`, before quantisation.
private struct TapGenerator {
    let regionStart: Double
    let sourceLength: Int
    let filter: ResamplingFilter
    let scale: Double
    let filterScale: Double
    let support: Double

    init(regionStart: Double, regionLength: Double, sourceLength: Int, filter: ResamplingFilter, outputLength: Int) {
        self.regionStart = regionStart
        self.sourceLength = sourceLength
        self.filter = filter
        scale = regionLength / Double(outputLength)
        filterScale = max(scale, 1)
        support = filter.support * filterScale
    }

    /// The first source pixel output `index` reads and its weights, summing to 1, with zero taps
    /// trimmed from both ends.
    func normalized(_ index: Int) -> (start: Int, weights: [Double]) {
        let center = regionStart + (Double(index) + 0.5) * scale
        var low = max(0, Int((center - support).rounded(.down)))
        var high = min(sourceLength, Int((center + support).rounded(.up)))
        if high <= low {
            // A box narrower than a pixel near an edge: take the nearest source pixel.
            low = min(max(0, Int(center)), sourceLength - 1)
            high = low + 1
        }
        var row = (low..<high).map { filter.weight((Double($0) + 0.5 - center) / filterScale) }
        var total = row.reduce(0, +)
        if total == 0 {
            low = min(max(0, Int(center)), sourceLength - 1)
            row = [1]
            total = 1
        }
        // Trim zero taps at both ends so the inner loops read no dead pixels.
        var first = 0
        var last = row.count
        while first < last - 1 && row[first] == 0 { first += 1 }
        while last - 1 > first && row[last - 1] == 0 { last -= 1 }
        return (low + first, row[first..<last].map { $0 / total })
    }
}
