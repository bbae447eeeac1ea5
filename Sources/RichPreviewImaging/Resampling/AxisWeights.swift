/// Precomputed filter taps for one axis: for each output pixel, the first source pixel and the
/// normalised weights of the source pixels it reads.
struct AxisWeights {
    /// First source index read by each output index.
    let starts: [Int]
    /// Number of taps of each output index.
    let counts: [Int]
    /// `maxTaps` weights per output index, zero-padded.
    let weights: [Float]
    let maxTaps: Int

    /// Weights mapping `regionLength` source pixels starting at `regionStart` (within a source of
    /// `sourceLength` pixels) onto `outputLength` pixels. Taps past the source edges are dropped
    /// and the rest renormalised.
    init(regionStart: Double, regionLength: Double, sourceLength: Int, outputLength: Int, filter: ResamplingFilter) {
        let scale = regionLength / Double(outputLength)
        let filterScale = max(scale, 1)
        let support = filter.support * filterScale
        let maxTaps = Int(Self.estimatedMaxTaps(regionLength: regionLength, outputLength: outputLength, filter: filter))
        var starts = [Int](repeating: 0, count: outputLength)
        var counts = [Int](repeating: 0, count: outputLength)
        var weights = [Float](repeating: 0, count: outputLength * maxTaps)
        var row = [Double](repeating: 0, count: maxTaps)
        for index in 0..<outputLength {
            let center = regionStart + (Double(index) + 0.5) * scale
            var low = max(0, Int((center - support).rounded(.down)))
            var high = min(sourceLength, Int((center + support).rounded(.up)))
            if high <= low {
                // A box narrower than a pixel near an edge: take the nearest source pixel.
                low = min(max(0, Int(center)), sourceLength - 1)
                high = low + 1
            }
            var total = 0.0
            for source in low..<high {
                let value = filter.weight((Double(source) + 0.5 - center) / filterScale)
                row[source - low] = value
                total += value
            }
            if total == 0 {
                low = min(max(0, Int(center)), sourceLength - 1)
                high = low + 1
                row[0] = 1
                total = 1
            }
            // Trim zero taps at both ends so the inner loops read no dead pixels.
            var first = 0
            var last = high - low
            while first < last - 1 && row[first] == 0 { first += 1 }
            while last - 1 > first && row[last - 1] == 0 { last -= 1 }
            starts[index] = low + first
            counts[index] = last - first
            for tap in first..<last {
                weights[index * maxTaps + tap - first] = Float(row[tap] / total)
            }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.maxTaps = maxTaps
    }

    /// The bytes the weights for this axis will take (starts, counts and `maxTaps` weights per
    /// output index), computed without building them, for the memory budget.
    static func estimatedBytes(regionLength: Double, outputLength: Int, filter: ResamplingFilter) -> Double {
        let taps = estimatedMaxTaps(regionLength: regionLength, outputLength: outputLength, filter: filter)
        return Double(outputLength) * (Double(taps) * 4 + 16)
    }

    /// The `maxTaps` that `init` will use.
    static func estimatedMaxTaps(regionLength: Double, outputLength: Int, filter: ResamplingFilter) -> Double {
        let scale = regionLength / Double(outputLength)
        return (filter.support * max(scale, 1) * 2).rounded(.up) + 2
    }

    /// Calls `body` with unchecked pointers to the starts, counts and weights, for inner loops.
    @inline(__always)
    func withPointers<Result>(
        _ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<Float>) -> Result
    ) -> Result {
        starts.withUnsafeBufferPointer { starts in
            counts.withUnsafeBufferPointer { counts in
                weights.withUnsafeBufferPointer { weights in
                    body(starts.baseAddress!, counts.baseAddress!, weights.baseAddress!)
                }
            }
        }
    }

    /// The source range any output index reads: `lowerBound` of the first to the end of the last.
    var sourceSpan: Range<Int> {
        guard let first = starts.first else { return 0..<0 }
        var end = first
        for (start, count) in zip(starts, counts) { end = max(end, start + count) }
        return (starts.min() ?? first)..<end
    }
}
