/// A separable resampler fed one source row at a time, top to bottom.
///
/// Each row that some output row needs is filtered horizontally into a ring of at most as many
/// rows as the vertical kernel is tall; each output row is written as soon as its last source
/// row has arrived. Memory therefore grows with the output and a few source rows, never with the
/// whole source. Colour is filtered premultiplied by alpha (no dark fringes), results are clamped
/// to 0…255 (no overshoot) and rounded.
final class StreamingResampler {
    let plan: ScalePlan
    private let horizontal: AxisWeights
    private let vertical: AxisWeights
    private let hasAlpha: Bool
    private let sourceSpanX: Range<Int>
    private let neededRows: Range<Int>

    /// The source row converted to float (premultiplied), over `sourceSpanX` only.
    private let sourceRow: UnsafeMutablePointer<SIMD4<Float>>
    /// Horizontally filtered rows, `ringCapacity` rows of `output.width` pixels.
    private let ring: UnsafeMutablePointer<SIMD4<Float>>
    private let ringCapacity: Int
    private let accumulator: UnsafeMutablePointer<SIMD4<Float>>

    /// The 8-bit RGBA result, `output.width * 4` bytes per row.
    private(set) var output: [UInt8]
    private var nextSourceRow = 0
    private var nextOutputRow = 0

    init(plan: ScalePlan, filter: ResamplingFilter, hasAlpha: Bool) {
        self.plan = plan
        self.hasAlpha = hasAlpha
        horizontal = AxisWeights(
            regionStart: plan.region.x, regionLength: plan.region.width, sourceLength: plan.source.width,
            outputLength: plan.output.width, filter: filter)
        vertical = AxisWeights(
            regionStart: plan.region.y, regionLength: plan.region.height,
            sourceLength: plan.source.height,
            outputLength: plan.output.height, filter: filter)
        sourceSpanX = horizontal.sourceSpan
        neededRows = vertical.sourceSpan
        ringCapacity = max(1, vertical.counts.max() ?? 1)
        let width = plan.output.width
        sourceRow = .allocate(capacity: max(1, sourceSpanX.count))
        ring = .allocate(capacity: ringCapacity * width)
        accumulator = .allocate(capacity: width)
        output = [UInt8](repeating: 0, count: width * plan.output.height * 4)
    }

    /// The bytes a resampler for `plan` will allocate (weights, its ring of filtered rows, the
    /// 8-bit output), computed without allocating, for the memory budget.
    static func estimatedBytes(plan: ScalePlan, filter: ResamplingFilter) -> Double {
        let width = Double(plan.output.width)
        let ringRows = min(
            AxisWeights.estimatedMaxTaps(
                regionLength: plan.region.height, outputLength: plan.output.height, filter: filter),
            Double(plan.source.height))
        return AxisWeights.estimatedBytes(
            regionLength: plan.region.width, outputLength: plan.output.width, filter: filter)
            + AxisWeights.estimatedBytes(
                regionLength: plan.region.height, outputLength: plan.output.height, filter: filter)
            + ringRows * width * 16 + width * 16 + Double(plan.source.width) * 16
            + width * Double(plan.output.height) * 4
    }

    deinit {
        sourceRow.deallocate()
        ring.deallocate()
        accumulator.deallocate()
    }

    /// True once every output row has been written.
    var isComplete: Bool { nextOutputRow == plan.output.height }

    /// Feeds the next source row: `plan.source.width` RGBA pixels.
    func consume(_ row: UnsafePointer<UInt8>) {
        let y = nextSourceRow
        nextSourceRow += 1
        guard neededRows.contains(y) else { return }
        filterHorizontally(row, into: ring + (y % ringCapacity) * plan.output.width)
        while nextOutputRow < plan.output.height {
            let start = vertical.starts[nextOutputRow]
            guard start + vertical.counts[nextOutputRow] <= nextSourceRow else { break }
            filterVertically(outputRow: nextOutputRow)
            nextOutputRow += 1
        }
    }

    private func filterHorizontally(
        _ row: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let offset = sourceSpanX.lowerBound
        let source = sourceRow
        if hasAlpha {
            for x in sourceSpanX {
                let p = row + x * 4
                let alpha = Float(p[3]) * (1 / 255)
                source[x - offset] = SIMD4(
                    Float(p[0]) * alpha, Float(p[1]) * alpha, Float(p[2]) * alpha, Float(p[3]))
            }
        } else {
            for x in sourceSpanX {
                let p = row + x * 4
                source[x - offset] = SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
            }
        }
        let taps = horizontal.maxTaps
        let width = plan.output.width
        horizontal.withPointers { starts, counts, weights in
            for outX in 0..<width {
                let pixels = source + (starts[outX] - offset)
                let w = weights + outX * taps
                var sum = SIMD4<Float>()
                for tap in 0..<counts[outX] {
                    sum += pixels[tap] * w[tap]
                }
                target[outX] = sum
            }
        }
    }

    private func filterVertically(outputRow y: Int) {
        let width = plan.output.width
        let accumulator = self.accumulator
        vertical.withPointers { starts, counts, weights in
            let start = starts[y]
            accumulator.initialize(repeating: SIMD4<Float>(), count: width)
            for tap in 0..<counts[y] {
                let weight = SIMD4<Float>(repeating: weights[y * vertical.maxTaps + tap])
                let row = ring + ((start + tap) % ringCapacity) * width
                for x in 0..<width {
                    accumulator[x] += row[x] * weight
                }
            }
        }
        let low = SIMD4<Float>(repeating: 0)
        let high = SIMD4<Float>(repeating: 255)
        let hasAlpha = self.hasAlpha
        output.withUnsafeMutableBufferPointer { buffer in
            let out = buffer.baseAddress! + y * width * 4
            for x in 0..<width {
                var pixel = accumulator[x]
                if hasAlpha {
                    let alpha = Swift.min(Swift.max(pixel.w, 0), 255)
                    let factor: Float = alpha > 0 ? 255 / alpha : 0
                    pixel = SIMD4(pixel.x * factor, pixel.y * factor, pixel.z * factor, alpha)
                }
                pixel = (pixel + 0.5).clamped(lowerBound: low, upperBound: high)
                let p = out + x * 4
                p[0] = UInt8(pixel.x)
                p[1] = UInt8(pixel.y)
                p[2] = UInt8(pixel.z)
                p[3] = UInt8(pixel.w)
            }
        }
    }
}
