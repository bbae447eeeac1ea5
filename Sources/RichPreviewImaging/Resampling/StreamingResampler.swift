/// A separable fixed-point resampler fed source rows top to bottom, in batches.
///
/// Each row that some output row needs is filtered horizontally (two rows per kernel call) into a
/// ring of as many rows as the vertical kernel needs at once; each output row is written as soon as
/// its last source row has arrived. Memory therefore grows with the output and a few source rows,
/// never with the whole source. Samples between the passes are `Int16` with 6 fractional bits;
/// weights have up to 22 (`AxisWeights`). Colour with alpha is filtered premultiplied (no dark
/// fringes), and results are rounded and clamped to 0…255. The pixels depend only on the plan, the
/// filter and the input: not on the kernel, nor on how the rows are batched.
final class StreamingResampler {
    let plan: ScalePlan
    private let kernel: ResamplingKernel
    private let horizontal: AxisWeights
    private let vertical: AxisWeights
    private let hasAlpha: Bool
    private let neededRows: Range<Int>
    /// Source columns an output reads (premultiplied for an image with alpha).
    private let neededColumns: Range<Int>

    /// Horizontally filtered F6 rows, `ringCapacity` rows of `output.width * 4` samples.
    private let ring: UnsafeMutablePointer<Int16>
    private let ringCapacity: Int
    /// Two premultiplied F6 source rows (with alpha only), each `premultipliedRowLength` samples.
    private let premultiplied: UnsafeMutablePointer<Int16>
    private let premultipliedRowLength: Int
    /// One vertically filtered premultiplied row, before it is divided by its alpha.
    private let premultipliedOutput: UnsafeMutablePointer<Int16>
    /// The ring rows of one output row, for the vertical kernel.
    private let rowPointers: UnsafeMutablePointer<UnsafePointer<Int16>?>

    /// The 8-bit RGBA result, `output.width * 4` bytes per row, of which this resampler writes
    /// the rows of `outputRows`; empty when they are written to a caller's buffer.
    private(set) var output: [UInt8]
    /// The caller's buffer for the whole output, when it gave one: the rows of `outputRows` are
    /// written at their place in it.
    private let sharedOutput: UnsafeMutablePointer<UInt8>?
    /// The output rows this resampler writes: all of them, or a band of them.
    let outputRows: Range<Int>
    private var nextSourceRow = 0
    private var nextOutputRow: Int

    /// Bytes a feeder must allocate after its last row: the horizontal window of a row narrower
    /// than the window reads past the row's end (with zero weights).
    let rowPaddingBytes: Int

    /// A resampler writing the output rows `outputRows` (all of them by default), into its own
    /// `output` or, when given, at their place in `sharedOutput` (the whole output's buffer): two
    /// resamplers writing two bands give, row for row, what one writing all of them gives.
    init(
        plan: ScalePlan, filter: ResamplingFilter, hasAlpha: Bool, kernel: ResamplingKernel,
        outputRows: Range<Int>? = nil, sharedOutput: UnsafeMutablePointer<UInt8>? = nil
    ) {
        self.sharedOutput = sharedOutput
        self.plan = plan
        let band = (outputRows ?? 0..<plan.output.height).clamped(to: 0..<plan.output.height)
        self.outputRows = band
        nextOutputRow = band.lowerBound
        self.hasAlpha = hasAlpha
        self.kernel = kernel
        horizontal = AxisWeights(
            regionStart: plan.region.x, regionLength: plan.region.width, sourceLength: plan.source.width,
            outputLength: plan.output.width, filter: filter, layout: .windowed,
            largestInput: hasAlpha ? Int(Int16.max) : 255)
        vertical = AxisWeights(
            regionStart: plan.region.y, regionLength: plan.region.height, sourceLength: plan.source.height,
            outputLength: plan.output.height, filter: filter, layout: .packed, largestInput: Int(Int16.max))
        neededRows = vertical.sourceSpan(of: band)
        let span = horizontal.sourceSpan
        neededColumns = span.lowerBound..<min(span.upperBound, plan.source.width)
        rowPaddingBytes = max(0, span.upperBound - plan.source.width) * 4
        ringCapacity = Self.ringCapacity(vertical, rows: band)
        let width = plan.output.width
        ring = .allocate(capacity: ringCapacity * width * 4)
        premultipliedRowLength = hasAlpha ? max(plan.source.width, span.upperBound) * 4 : 0
        premultiplied = .allocate(capacity: max(1, 2 * premultipliedRowLength))
        premultiplied.initialize(repeating: 0, count: max(1, 2 * premultipliedRowLength))
        premultipliedOutput = .allocate(capacity: hasAlpha ? width * 4 : 1)
        rowPointers = .allocate(capacity: ringCapacity)
        output = sharedOutput == nil ? [UInt8](repeating: 0, count: width * plan.output.height * 4) : []
    }

    /// Ring rows needed when source rows arrive up to two at a time: for each output row of
    /// `rows`, from its first source row to the last row filtered when it is written.
    private static func ringCapacity(_ vertical: AxisWeights, rows: Range<Int>) -> Int {
        var capacity = 1
        var end = 0
        for row in rows {
            let start = Int(vertical.starts[row])
            end = max(end, start + vertical.counts[row])
            capacity = max(capacity, end + 1 - start)
        }
        return capacity
    }

    /// The bytes a resampler for `plan` will allocate (weights, its ring of filtered rows, the
    /// premultiplied rows, the 8-bit output), computed without allocating, for the memory budget.
    static func estimatedBytes(plan: ScalePlan, filter: ResamplingFilter) -> Double {
        let width = Double(plan.output.width)
        let verticalTaps = AxisWeights.estimatedMaxTaps(
            regionLength: plan.region.height, outputLength: plan.output.height, filter: filter)
        let horizontalTaps = AxisWeights.estimatedMaxTaps(
            regionLength: plan.region.width, outputLength: plan.output.width, filter: filter)
        let ringRows = min(verticalTaps, Double(plan.source.height)) + 2
        return AxisWeights.estimatedBytes(
            regionLength: plan.region.width, outputLength: plan.output.width, filter: filter)
            + AxisWeights.estimatedBytes(
                regionLength: plan.region.height, outputLength: plan.output.height, filter: filter)
            + ringRows * (width * 8 + 8) + width * 8
            + 2 * (Double(plan.source.width) + horizontalTaps + 3) * 8
            + width * Double(plan.output.height) * 4
    }

    deinit {
        ring.deallocate()
        premultiplied.deallocate()
        premultipliedOutput.deallocate()
        rowPointers.deallocate()
    }

    /// True once every output row has been written.
    var isComplete: Bool { nextOutputRow == outputRows.upperBound }

    /// Resamples from a whole decoded image, `stride` bytes a row, reading only the rows its
    /// output rows need; the memory must extend `rowPaddingBytes` past the image's last row. Call
    /// it on a resampler that has consumed nothing.
    func consumeWhole(_ image: UnsafePointer<UInt8>, stride: Int) {
        nextSourceRow = neededRows.lowerBound
        consume(image + neededRows.lowerBound * stride, count: neededRows.count, stride: stride)
    }

    /// Feeds the next `count` source rows, each `plan.source.width` RGBA pixels, `stride` bytes
    /// apart; the memory must extend `rowPaddingBytes` past the last row.
    func consume(_ rows: UnsafePointer<UInt8>, count: Int, stride: Int) {
        var index = 0
        while index < count {
            let y = nextSourceRow
            guard neededRows.contains(y) else {
                nextSourceRow += 1
                index += 1
                continue
            }
            let pair = index + 1 < count && neededRows.contains(y + 1) ? 2 : 1
            filterHorizontally(rows + index * stride, stride: stride, count: pair, firstRow: y)
            nextSourceRow += pair
            index += pair
            writeReadyOutputRows()
        }
    }

    private func filterHorizontally(_ rows: UnsafePointer<UInt8>, stride: Int, count: Int, firstRow: Int) {
        let width = plan.output.width
        let targets: (UnsafeMutablePointer<Int16>?, UnsafeMutablePointer<Int16>?) = (
            ring + (firstRow % ringCapacity) * width * 4, ring + ((firstRow + 1) % ringCapacity) * width * 4
        )
        withUnsafePointer(to: targets) { pair in
            pair.withMemoryRebound(to: UnsafeMutablePointer<Int16>?.self, capacity: 2) { outputs in
                if hasAlpha {
                    let offset = neededColumns.lowerBound
                    for row in 0..<count {
                        kernel.premultiply(
                            rows + row * stride + offset * 4,
                            into: premultiplied + row * premultipliedRowLength + offset * 4,
                            count: neededColumns.count)
                    }
                    let sources: (UnsafePointer<Int16>?, UnsafePointer<Int16>?) = (
                        UnsafePointer(premultiplied), UnsafePointer(premultiplied + premultipliedRowLength)
                    )
                    withUnsafePointer(to: sources) { sourcePair in
                        sourcePair.withMemoryRebound(to: UnsafePointer<Int16>?.self, capacity: 2) { inputs in
                            kernel.filterPremultipliedHorizontally(
                                inputs, into: outputs, count: count, weights: horizontal)
                        }
                    }
                } else {
                    let sources: (UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) = (rows, rows + stride)
                    withUnsafePointer(to: sources) { sourcePair in
                        sourcePair.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 2) { inputs in
                            kernel.filterHorizontally(inputs, into: outputs, count: count, weights: horizontal)
                        }
                    }
                }
            }
        }
    }

    /// Filters output row `y` vertically from the ring rows `rowPointers` holds into `target`.
    private func writeOutputRow(_ y: Int, into target: UnsafeMutablePointer<UInt8>) {
        let width = plan.output.width
        if hasAlpha {
            kernel.filterPremultipliedVertically(
                rowPointers, index: y, weights: vertical, width: width, into: premultipliedOutput)
            kernel.unpremultiply(premultipliedOutput, into: target, count: width)
        } else {
            kernel.filterVertically(rowPointers, index: y, weights: vertical, width: width, into: target)
        }
    }

    /// Writes every output row whose source rows have all been filtered.
    private func writeReadyOutputRows() {
        let width = plan.output.width
        while nextOutputRow < outputRows.upperBound {
            let y = nextOutputRow
            let start = Int(vertical.starts[y])
            let count = vertical.counts[y]
            guard start + count <= nextSourceRow else { return }
            for tap in 0..<count {
                rowPointers[tap] = UnsafePointer(ring + ((start + tap) % ringCapacity) * width * 4)
            }
            if let sharedOutput {
                writeOutputRow(y, into: sharedOutput + y * width * 4)
            } else {
                output.withUnsafeMutableBufferPointer { buffer in
                    writeOutputRow(y, into: buffer.baseAddress! + y * width * 4)
                }
            }
            nextOutputRow += 1
        }
    }
}
