import Foundation

/// Several sizes of one image from one decode, and what the decode tells about the image.
public struct ScaledImages: Sendable, Equatable {
    /// One image per request, in the order asked, each oriented and scaled as its request says.
    public var images: [RGBAImage]
    /// What was done for each image, in the same order: the one decode (format, stored size,
    /// orientation, DCT scaling and its time, the same in each), the image's own resampling and
    /// orienting.
    public var reports: [ScaleReport]
    /// The input's ICC profile, carried for the outputs when the first request keeps it.
    public var iccProfile: Data? = nil
    /// What the call cost: the one decode, every output's resampling, waiting, estimated peak memory.
    public var cost = ScaleCost()

    /// The input's format.
    public var format: MediaFormat { reports[0].format }
    /// The input's size as stored.
    public var inputSize: PixelSize { reports[0].inputSize }
    /// The input's EXIF orientation, when it has one.
    public var orientation: ImageOrientation? { reports[0].orientation }
    /// The DCT scaling denominator the JPEG was decoded with (1 unless every output allowed more).
    public var jpegScaleDenominator: Int { reports[0].jpegScaleDenominator }
}

extension ImageScaler {
    /// Decodes `data` once and scales it to each of `requests`: a 1125 and a 375 version of an
    /// attachment cost one decode, at the least reduction any of them allows (a JPEG's DCT
    /// scaling), and each output has the pixels `scale(_:to:)` gives for its request alone when
    /// that request would decode at the same reduction. The decode reads the whole file, so an
    /// image that comes back is whole. The first request's limits, orientation setting, shared
    /// budget and observer govern the decode (the decoded image must fit its memory budget); each
    /// request's box, mode, clip, enlarging and filter its output. Runs on this thread, whatever
    /// `threads` says, and holds the decoded image whole (at the decode's reduction) while the
    /// outputs are made; with a `sharedBudget`, it first waits for room for all of that
    /// (`estimatedMemory(_:for:)`, blocking this thread: from `async` code, prefer `scale(_:to:on:)`).
    /// - Throws: `ImageDecodingError`: `.invalidRequest` for no request or a box under 1×1, the
    ///   decode's or an output's error, `.cancelled` when called from a task that is cancelled.
    public static func scale(_ data: Data, to requests: [ScaleRequest]) throws(ImageDecodingError) -> ScaledImages {
        let started = ContinuousClock.now
        guard let first = requests.first else { throw .invalidRequest(reason: "no size was asked for") }
        let reserved: Int
        if let budget = first.sharedBudget {
            reserved = budget.reserve(try estimatedMemory(data, for: requests))
        } else {
            reserved = 0
        }
        defer { first.sharedBudget?.release(reserved) }
        let scaled = try decodeAndScale(data, to: requests, since: started)
        first.observer?(.finished(scaled.cost))
        return scaled
    }

    /// The most bytes `scale(_:to:)` with several `requests` holds at once, estimated from the
    /// header alone: the decoder's whole-image buffer, the decoded image at the reduction the
    /// requests allow, every output, and the largest output's resampler and copy. What the first
    /// request's `sharedBudget` reserves.
    /// - Throws: `ImageDecodingError` when the header cannot be read or a request is invalid.
    public static func estimatedMemory(_ data: Data, for requests: [ScaleRequest]) throws(ImageDecodingError) -> Int {
        guard let first = requests.first else { throw .invalidRequest(reason: "no size was asked for") }
        for request in requests { try request.checkBox() }
        return try data.withImageBytes { bytes throws(ImageDecodingError) in
            let decoder = try ImageFormats.decoder(for: bytes)
            let stored = decoder.header.size
            let orientation = first.applyOrientation ? decoder.header.orientation : nil
            let plans = plans(for: requests, stored: stored, orientation: orientation)
            let denominator = type(of: decoder).decodesReduced ? plans.map { $0.jpegShrink() }.min() ?? 1 : 1
            let decoded = PixelSize(
                width: (stored.width + denominator - 1) / denominator,
                height: (stored.height + denominator - 1) / denominator)
            return peakBytes(
                plans.map { $0.source == decoded ? $0 : $0.scaled(toSource: decoded) }, requests: requests,
                decoded: decoded, orienting: orientation.map { $0 != .up } ?? false,
                wholeImageBytes: decoder.estimatedWholeImageBytes)
        }
    }

    /// Every request's plan on the stored pixels of an image of `stored` size shown turned by `orientation`.
    private static func plans(for requests: [ScaleRequest], stored: PixelSize, orientation: ImageOrientation?)
        -> [ScalePlan]
    {
        let shown = (orientation?.swapsDimensions ?? false) ? stored.transposed : stored
        return requests.map { request in
            ScalePlan(
                source: shown, box: request.box, mode: request.mode, clip: request.clip, enlarging: request.enlarging
            ).stored(orientation, size: stored)
        }
    }

    /// The bytes held at once while `plans` are made from one decoded image of `decoded` size.
    private static func peakBytes(
        _ plans: [ScalePlan], requests: [ScaleRequest], decoded: PixelSize, orienting: Bool, wholeImageBytes: Int
    ) -> Int {
        var outputs = 0.0
        var largestWork = 0.0
        for (plan, request) in zip(plans, requests) {
            let result = Double(plan.output.width) * Double(plan.output.height) * 4
            outputs += result
            let work =
                StreamingResampler.estimatedBytes(plan: plan, filter: request.filter)
                + Double(batchRows * decoded.width * 4) + (orienting ? result : 0)
            largestWork = max(largestWork, work)
        }
        let image = Double(decoded.width) * Double(decoded.height) * 4
        return countedBytes(Double(wholeImageBytes) + image + outputs + largestWork)
    }

    /// The one decode and the outputs of `scale(_:to:)` with several requests, once the shared
    /// budget (if any) is reserved; sends the stage events, not `finished`.
    static func decodeAndScale(_ data: Data, to requests: [ScaleRequest], since started: ContinuousClock.Instant)
        throws(ImageDecodingError) -> ScaledImages
    {
        guard let first = requests.first else { throw .invalidRequest(reason: "no size was asked for") }
        for request in requests { try request.checkBox() }
        let clock = ContinuousClock()
        let waited = clock.now - started
        if Task.isCancelled { throw .cancelled(stage: .decode) }
        let decodeStart = clock.now
        return try data.withImageBytes { bytes throws(ImageDecodingError) in
            let source = try RowSource(bytes: bytes, limits: first.limits, keepingProfile: first.keepsProfile)
            let orientation = first.applyOrientation ? source.orientation : nil
            var plans = plans(for: requests, stored: source.storedSize, orientation: orientation)
            let orienting = orientation.map { $0 != .up } ?? false
            for (plan, request) in zip(plans, requests) {
                try checkOutput(plan, filter: request.filter, orienting: orienting, limits: request.limits)
            }
            let denominator = source.decodesReduced ? plans.map { $0.jpegShrink() }.min() ?? 1 : 1
            // Every scan is read, so that the one decode also proves the file whole.
            try source.start(jpegScaleDenominator: denominator, fastJPEG: false, readingEveryScan: true)
            plans = plans.map { $0.source == source.size ? $0 : $0.scaled(toSource: source.size) }
            var cost = ScaleCost()
            cost.waitMilliseconds = waited.milliseconds
            cost.peakBytes = peakBytes(
                plans, requests: requests, decoded: source.size, orienting: orienting,
                wholeImageBytes: source.estimatedWholeImageBytes)
            let decoded = try source.readWholeImage()
            let decodeTime = clock.now - decodeStart
            cost.decodeMilliseconds = decodeTime.milliseconds
            first.observer?(.stageFinished(.decode, milliseconds: cost.decodeMilliseconds))
            var images: [RGBAImage] = []
            var reports: [ScaleReport] = []
            for (plan, request) in zip(plans, requests) {
                if Task.isCancelled { throw .cancelled(stage: .resample) }
                let resampling = clock.now
                var image = plan.isIdentity ? decoded : resample(decoded, plan: plan, request: request)
                let orienting = clock.now
                if let orientation { image = image.oriented(orientation) }
                let resampleTime = clock.now - resampling
                cost.resampleMilliseconds += resampleTime.milliseconds
                first.observer?(.stageFinished(.resample, milliseconds: resampleTime.milliseconds))
                images.append(image)
                reports.append(
                    ScaleReport(
                        format: source.format, inputSize: source.storedSize, orientation: source.orientation,
                        gamma: source.gamma, iccProfile: source.hasICCProfile, orientationApplied: orientation != nil,
                        jpegScaleDenominator: source.scaleDenominator, mode: request.mode, filter: request.filter,
                        outputSize: image.size, decodeMilliseconds: decodeTime.milliseconds,
                        resampleMilliseconds: (orienting - resampling).milliseconds,
                        orientMilliseconds: (clock.now - orienting).milliseconds, threadsUsed: 1, colour: source.colour)
                )
            }
            return ScaledImages(
                images: images, reports: reports, iccProfile: source.keptProfile.map { Data($0) }, cost: cost)
        }
    }

    /// `image` resampled as `plan` says with `request`'s filter and kernel, on this thread.
    static func resample(_ image: RGBAImage, plan: ScalePlan, request: ScaleRequest) -> RGBAImage {
        let resampler = StreamingResampler(
            plan: plan, filter: request.filter, hasAlpha: !image.isOpaque, kernel: request.kernel ?? .best)
        let rowBytes = image.size.width * 4
        // The resampler reads up to `rowPaddingBytes` past a batch's last row.
        let capacity = rowBytes * batchRows + resampler.rowPaddingBytes
        let batch = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        batch.initialize(repeating: 0, count: capacity)
        defer { batch.deallocate() }
        image.pixels.withUnsafeBufferPointer { pixels in
            var row = 0
            while row < image.size.height {
                let count = min(batchRows, image.size.height - row)
                batch.update(from: pixels.baseAddress! + row * rowBytes, count: count * rowBytes)
                resampler.consume(batch, count: count, stride: rowBytes)
                row += count
            }
        }
        return RGBAImage(size: plan.output, pixels: resampler.output)
    }
}
