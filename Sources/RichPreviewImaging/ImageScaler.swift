import Foundation

/// Decodes, orients and resizes an image in one streaming pass.
///
/// A JPEG large enough is decoded reduced by libjpeg's DCT scaling (1/2, 1/4, 1/8): the largest
/// denominator that leaves the filter the residual reduction measured to lose nothing visible
/// (`ScalePlan.jpegShrinkThresholds`: 1.6 for 1/8 and 1/4, 1.5 for 1/2; the table and its command
/// are in `Benchmarks/shrink-thresholds.md`). Rows then stream through the resampler, so memory
/// grows with the output plus a few source rows (a progressive JPEG also holds its coefficients;
/// an interlaced PNG and a GIF are decoded whole). With `ScaleRequest.threads` above 1, a large
/// image is decoded on the calling thread while a helper thread resamples, with the same result.
/// Orientation is applied to the small result.
public enum ImageScaler {
    /// Rows decoded per call into the decoder.
    static let batchRows = 16

    /// Decoded pixels below which a scale stays on one thread: a helper would cost more than it saves.
    package static let pipelineMinimumPixels = 1 << 18

    /// Helper threads that all the scales running in this process may use at once (one fewer
    /// than its cores, at least 1); a scale that finds none free runs on its calling thread alone.
    public static var helperThreadLimit: Int { HelperThreadBudget.limit }

    /// Decodes the image in `data` (any format in `ImageFormats`), turns it upright and scales it as `request` asks.
    /// Safe to call from many tasks at once; it runs on the calling thread (and blocks it while
    /// `sharedBudget` has no room): from `async` code, prefer `scale(_:to:on:)`.
    /// - Throws: `ImageDecodingError`; the pixel and memory limits are checked on the header and
    ///   the planned output before anything large is allocated. `.cancelled` when called from a
    ///   task that is cancelled.
    public static func scale(_ data: Data, to request: ScaleRequest) throws(ImageDecodingError) -> ScaledImage {
        let started = ContinuousClock.now
        let reserved = try reserveSharedBudget(data, for: request, encoding: nil)
        defer { request.sharedBudget?.release(reserved) }
        let scaled = try decodeAndScale(data, to: request, encoding: nil, since: started)
        request.observer?(.finished(scaled.cost))
        return scaled
    }

    /// Waits for the request's shared budget to have room for this scale's estimated peak and
    /// reserves it; returns what was reserved (0 without a shared budget).
    private static func reserveSharedBudget(_ data: Data, for request: ScaleRequest, encoding: ImageEncoding?)
        throws(ImageDecodingError) -> Int
    {
        guard let budget = request.sharedBudget else { return 0 }
        return budget.reserve(try estimatedMemory(data, for: request, encoding: encoding))
    }

    /// Decodes, orients and scales `data` as `request` asks, then encodes the result as
    /// `encoding` says: the whole job of preparing an attachment, bytes in and bytes out. The memory
    /// budget covers the encode too: the result and the PNG writer's whole-image buffers (with
    /// libdeflate, about twice the samples written) must fit in it as well as the scale's buffers.
    /// Runs on the calling thread: from `async` code, prefer `scale(_:to:encodingAs:on:)`.
    /// - Throws: `ImageProcessingError.decoding` for an image that cannot be read or is over the
    ///   limits (the encode's buffers included), `.encoding` when the output cannot be encoded,
    ///   `.cancelled` when called from a task that is cancelled.
    public static func scale(_ data: Data, to request: ScaleRequest, encodingAs encoding: ImageEncoding)
        throws(ImageProcessingError) -> ScaledImageData
    {
        let started = ContinuousClock.now
        // Held through the encode, which needs the result and the encoder's buffers.
        let reserved: Int
        do {
            reserved = try reserveSharedBudget(data, for: request, encoding: encoding)
        } catch {
            throw ImageProcessingError(error)
        }
        defer { request.sharedBudget?.release(reserved) }
        let scaled: ScaledImage
        do {
            scaled = try decodeAndScale(data, to: request, encoding: encoding, since: started)
        } catch {
            throw ImageProcessingError(error)
        }
        return try encode(scaled, as: encoding, for: request)
    }

    /// The decode and scale of every data path, once the shared budget (if any) is reserved:
    /// `ScaledImage.cost` has the stage times, the estimated peak and the time since `started`
    /// spent before the work began. Sends the stage events, not `finished`.
    static func decodeAndScale(
        _ data: Data, to request: ScaleRequest, encoding: ImageEncoding?, since started: ContinuousClock.Instant
    )
        throws(ImageDecodingError) -> ScaledImage
    {
        let waited = ContinuousClock.now - started
        var scaled = try data.withImageBytes { bytes throws(ImageDecodingError) in
            try scale(bytes, to: request, thenEncoding: encoding)
        }
        scaled.cost.waitMilliseconds = waited.milliseconds
        return scaled
    }

    /// Encodes a scale's result for the one-call encode, and sends its `encode` and `finished`
    /// events. A PNG's bands are filtered (and with zlib deflated) on a helper thread too when the
    /// request allows two threads and the helper budget has one free; the bytes are the same either way.
    static func encode(_ scaled: ScaledImage, as encoding: ImageEncoding, for request: ScaleRequest)
        throws(ImageProcessingError) -> ScaledImageData
    {
        if Task.isCancelled { throw .cancelled(stage: .encode) }
        let clock = ContinuousClock()
        let start = clock.now
        let encoded: EncodedImage
        let helper = request.threads > 1 && HelperThreadBudget.acquire()
        defer { if helper { HelperThreadBudget.release() } }
        do {
            encoded = try ImageEncoder.encode(
                scaled.image, as: encoding, threads: helper ? 2 : 1, iccProfile: scaled.iccProfile)
        } catch {
            throw .encoding(error)
        }
        let milliseconds = (clock.now - start).milliseconds
        request.observer?(.stageFinished(.encode, milliseconds: milliseconds))
        var cost = scaled.cost
        cost.encodeMilliseconds = milliseconds
        request.observer?(.finished(cost))
        return ScaledImageData(
            encoded: encoded, size: scaled.image.size, report: scaled.report, encodeMilliseconds: milliseconds,
            cost: cost)
    }

    private static func scale(
        _ bytes: UnsafeRawBufferPointer, to request: ScaleRequest, thenEncoding encoding: ImageEncoding?
    ) throws(ImageDecodingError) -> ScaledImage {
        let clock = ContinuousClock()
        var decodeTime = Duration.zero
        var resampleTime = Duration.zero
        var start = clock.now

        try request.checkBox()
        if Task.isCancelled { throw .cancelled(stage: .decode) }
        let source = try RowSource(bytes: bytes, limits: request.limits, keepingProfile: request.keepsProfile)
        let orientation = request.applyOrientation ? source.orientation : nil
        let swaps = orientation?.swapsDimensions ?? false
        // Plan in the shown orientation, then turn the plan back onto the stored pixels.
        let shown = ScalePlan(
            source: swaps ? source.storedSize.transposed : source.storedSize, box: request.box, mode: request.mode,
            clip: request.clip, enlarging: request.enlarging)
        var plan = shown.stored(orientation, size: source.storedSize)
        let orienting = orientation.map { $0 != .up } ?? false
        let peakBytes = try checkOutput(
            plan, filter: request.filter, orienting: orienting, encoding: encoding.map { ($0, shown.output) },
            limits: request.limits, wholeImageBytes: source.estimatedWholeImageBytes)
        let denominator = source.decodesReduced ? plan.jpegShrink() : 1
        // A decode that shares its work (a HEIC's pictures) takes one helper thread while it runs.
        let decodeHelper = request.threads > 1 && source.decodesOnThreads && HelperThreadBudget.acquire()
        do {
            defer { if decodeHelper { HelperThreadBudget.release() } }
            try source.start(jpegScaleDenominator: denominator, fastJPEG: false, threads: decodeHelper ? 2 : 1)
        }
        if source.size != plan.source { plan = plan.scaled(toSource: source.size) }
        decodeTime += clock.now - start

        let rowBytes = source.size.width * 4
        var image: RGBAImage
        var threadsUsed = source.decodeThreadsUsed
        if plan.isIdentity {
            start = clock.now
            var pixels = [UInt8](repeating: 0, count: source.size.pixelCount * 4)
            if Task.isCancelled { throw .cancelled(stage: .decode) }
            try pixels.withUnsafeMutableBufferPointer { buffer throws(ImageDecodingError) in
                try source.readRows(into: buffer.baseAddress!, count: source.size.height)
            }
            try source.finish()
            decodeTime += clock.now - start
            image = RGBAImage(size: plan.output, pixels: pixels)
        } else if let banded = try resampleInPlace(source, plan: plan, request: request) {
            threadsUsed = max(threadsUsed, 2)
            resampleTime += banded.time
            image = RGBAImage(size: plan.output, pixels: banded.pixels)
        } else {
            let resampler = StreamingResampler(
                plan: plan, filter: request.filter, hasAlpha: source.hasAlpha, kernel: request.kernel ?? .best)
            let rows = source.size.height
            source.deferColourConversion()
            let times: (decode: Duration, resample: Duration)
            if request.threads > 1, source.size.pixelCount >= pipelineMinimumPixels, HelperThreadBudget.acquire() {
                defer { HelperThreadBudget.release() }
                let pipeline = ResamplingPipeline(resampler: resampler, batchRows: batchRows, rowBytes: rowBytes)
                if pipeline.startHelper() {
                    times = try pipeline.run(source, rows: rows)
                    threadsUsed = 2
                } else {
                    times = try resampleOnOneThread(source, into: resampler, rows: rows, rowBytes: rowBytes)
                }
            } else {
                times = try resampleOnOneThread(source, into: resampler, rows: rows, rowBytes: rowBytes)
            }
            decodeTime += times.decode
            resampleTime += times.resample
            start = clock.now
            var pixels = resampler.output
            source.convertColour(&pixels)
            resampleTime += clock.now - start
            image = RGBAImage(size: plan.output, pixels: pixels)
        }

        request.observer?(.stageFinished(.decode, milliseconds: decodeTime.milliseconds))
        if Task.isCancelled { throw .cancelled(stage: .resample) }
        start = clock.now
        if let orientation { image = image.oriented(orientation) }
        let orientTime = clock.now - start
        request.observer?(.stageFinished(.resample, milliseconds: (resampleTime + orientTime).milliseconds))

        let report = ScaleReport(
            format: source.format, inputSize: source.storedSize, orientation: source.orientation,
            gamma: source.gamma, iccProfile: source.hasICCProfile, orientationApplied: orientation != nil,
            jpegScaleDenominator: source.scaleDenominator,
            mode: request.mode, filter: request.filter, outputSize: image.size,
            decodeMilliseconds: decodeTime.milliseconds, resampleMilliseconds: resampleTime.milliseconds,
            orientMilliseconds: orientTime.milliseconds, threadsUsed: threadsUsed, colour: source.colour)
        var cost = ScaleCost()
        cost.decodeMilliseconds = report.decodeMilliseconds
        cost.resampleMilliseconds = (resampleTime + orientTime).milliseconds
        cost.peakBytes = peakBytes
        return ScaledImage(image: image, report: report, iccProfile: source.keptProfile.map { Data($0) }, cost: cost)
    }
}

extension ImageScaler {
    /// Scales pixels already decoded and upright (a movie's frame, a drawing) as `request` asks:
    /// its box, mode, clip, filter and limits, on this thread; orientation does not apply.
    /// - Throws: `ImageDecodingError.invalidRequest` for an empty image or a box under 1×1,
    ///   `.outputOverPixelLimit` or `.overMemoryLimit` for an output over the limits.
    public static func scale(_ image: RGBAImage, to request: ScaleRequest) throws(ImageDecodingError) -> RGBAImage {
        try request.checkBox()
        guard image.size.width > 0, image.size.height > 0, image.pixels.count == image.size.pixelCount * 4 else {
            throw .invalidRequest(reason: "the image has no pixels (\(image.size))")
        }
        let plan = ScalePlan(
            source: image.size, box: request.box, mode: request.mode, clip: request.clip, enlarging: request.enlarging)
        try checkOutput(plan, filter: request.filter, orienting: false, limits: request.limits)
        if plan.isIdentity { return image }
        return resample(image, plan: plan, request: request)
    }

    /// Resamples a source its decoder holds whole (a HEIC, an AVIF, a WebP) in place on two
    /// threads, each writing half the output rows, when the request allows two threads and the
    /// helper budget has one free; then converts the output's colour and reads the rest of the
    /// file. Nil when it did not (nothing has been read).
    static func resampleInPlace(
        _ source: RowSource, plan: ScalePlan, request: ScaleRequest
    ) throws(ImageDecodingError) -> (pixels: [UInt8], time: Duration)? {
        guard request.threads > 1, source.size.pixelCount >= pipelineMinimumPixels else { return nil }
        source.deferColourConversion()
        guard let image = source.decodedImage, HelperThreadBudget.acquire() else { return nil }
        defer { HelperThreadBudget.release() }
        if Task.isCancelled { throw .cancelled(stage: .resample) }
        let clock = ContinuousClock()
        let start = clock.now
        guard
            var pixels = BandedResample.resample(
                image, stride: source.size.width * 4, plan: plan, filter: request.filter, hasAlpha: source.hasAlpha,
                kernel: request.kernel ?? .best)
        else { return nil }
        source.convertColour(&pixels)
        let time = clock.now - start
        try source.finish()
        return (pixels, time)
    }

    /// Decodes the `rows` rows of `source` (already started) batch by batch into `resampler` on
    /// this thread, then reads the rest of the file; returns the time spent in each.
    static func resampleOnOneThread(
        _ source: RowSource, into resampler: StreamingResampler, rows: Int, rowBytes: Int
    ) throws(ImageDecodingError) -> (decode: Duration, resample: Duration) {
        let clock = ContinuousClock()
        var decodeTime = Duration.zero
        var resampleTime = Duration.zero
        let capacity = rowBytes * batchRows + resampler.rowPaddingBytes
        let batch = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        batch.initialize(repeating: 0, count: capacity)
        defer { batch.deallocate() }
        var row = 0
        while row < rows {
            if Task.isCancelled { throw .cancelled(stage: .decode) }
            let count = min(batchRows, rows - row)
            let start = clock.now
            try source.readRows(into: batch, count: count)
            let decoded = clock.now
            decodeTime += decoded - start
            resampler.consume(batch, count: count, stride: rowBytes)
            resampleTime += clock.now - decoded
            row += count
        }
        let start = clock.now
        try source.finish()
        decodeTime += clock.now - start
        return (decodeTime, resampleTime)
    }

    /// Refuses an output over the pixel budget, or whose buffers would pass the memory budget: the
    /// resampler's weights, rows and RGBA result, the decoded row batches in flight, and a copy of
    /// the result when it is turned upright; then, if `encoding` is given (with the upright output
    /// size), the result with the encoder's whole-image buffers, which are allocated after the
    /// others are freed. Returns the estimated peak: those bytes and the decoder's `wholeImageBytes`.
    @discardableResult
    static func checkOutput(
        _ plan: ScalePlan, filter: ResamplingFilter, orienting: Bool, encoding: (ImageEncoding, PixelSize)? = nil,
        limits: ImageLimits, wholeImageBytes: Int = 0
    ) throws(ImageDecodingError) -> Int {
        if plan.output.pixelCount > limits.maxPixels {
            throw .outputOverPixelLimit(size: plan.output, limit: limits.maxPixels)
        }
        let (bytes, purpose) = outputBytes(plan, filter: filter, orienting: orienting, encoding: encoding)
        try limits.checkMemory(bytes < Double(Int.max / 2) ? Int(bytes) : nil, for: purpose, format: nil)
        return countedBytes(Double(wholeImageBytes) + bytes)
    }

    /// `bytes` as an `Int`, held below `Int.max / 2` so that sums of them cannot overflow.
    static func countedBytes(_ bytes: Double) -> Int {
        bytes < Double(Int.max / 2) ? Int(bytes) : Int.max / 2
    }

    /// The bytes `checkOutput` counts, and what they are for.
    static func outputBytes(
        _ plan: ScalePlan, filter: ResamplingFilter, orienting: Bool, encoding: (ImageEncoding, PixelSize)?
    ) -> (bytes: Double, purpose: String) {
        let result = Double(plan.output.width) * Double(plan.output.height) * 4
        let copy = orienting ? result : 0
        let batches = ResamplingPipeline.estimatedBytes(batchRows: batchRows, rowBytes: plan.source.width * 4)
        var bytes = StreamingResampler.estimatedBytes(plan: plan, filter: filter) + batches + copy
        var purpose = "the \(plan.output) output"
        if let (encoding, size) = encoding {
            let buffers = ImageEncoder.wholeImageBytes(size, encoding: encoding).map(Double.init) ?? .infinity
            if result + buffers > bytes {
                bytes = result + buffers
                purpose = "encoding the \(size) output"
            }
        }
        return (bytes, purpose)
    }

    /// The most bytes a scale of `data` as `request` asks (then encoded as `encoding`, if given)
    /// holds at once, estimated from the header alone: the decoder's whole-image buffer (a
    /// progressive JPEG's coefficients, an interlaced PNG's pixels, a GIF's first frame) and the
    /// larger of the scale's buffers and the encode's. What `ScaleRequest.sharedBudget` reserves.
    /// - Throws: `ImageDecodingError` when the header cannot be read.
    public static func estimatedMemory(_ data: Data, for request: ScaleRequest, encoding: ImageEncoding? = nil)
        throws(ImageDecodingError) -> Int
    {
        try request.checkBox()
        return try data.withImageBytes { bytes throws(ImageDecodingError) in
            let decoder = try ImageFormats.decoder(for: bytes)
            let stored = decoder.header.size
            let storedOrientation = decoder.header.orientation
            let wholeImage = decoder.estimatedWholeImageBytes
            let orientation = request.applyOrientation ? storedOrientation : nil
            let swaps = orientation?.swapsDimensions ?? false
            let shown = ScalePlan(
                source: swaps ? stored.transposed : stored, box: request.box, mode: request.mode, clip: request.clip,
                enlarging: request.enlarging)
            let (bytes, _) = outputBytes(
                shown.stored(orientation, size: stored), filter: request.filter,
                orienting: orientation.map { $0 != .up } ?? false,
                encoding: encoding.map { ($0, shown.output) })
            return countedBytes(Double(wholeImage) + bytes)
        }
    }
}

extension ScalePlan {
    /// The plan of the upright image turned onto the pixels as stored (of `size`), which are
    /// resampled before `orientation` is applied: axes exchanged for a quarter turn, the region
    /// mirrored as the orientation mirrors it.
    func stored(_ orientation: ImageOrientation?, size: PixelSize) -> ScalePlan {
        guard let orientation, orientation != .up else { return self }
        return ScalePlan(
            source: size, output: orientation.swapsDimensions ? output.transposed : output,
            region: orientation.storedRegion(of: region, stored: size))
    }
}
