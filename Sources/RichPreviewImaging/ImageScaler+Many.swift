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
    /// image that comes back is whole. The first request's limits and orientation setting govern
    /// the decode (the decoded image must fit its memory budget); each request's box, mode, clip,
    /// enlarging and filter its output. Runs on this thread, whatever `threads` says, and holds the
    /// decoded image whole (at the decode's reduction) while the outputs are made.
    /// - Throws: `ImageDecodingError`: `.invalidRequest` for no request or a box under 1×1, or the
    ///   decode's or an output's error.
    public static func scale(_ data: Data, to requests: [ScaleRequest]) throws(ImageDecodingError) -> ScaledImages {
        guard let first = requests.first else { throw .invalidRequest(reason: "no size was asked for") }
        for request in requests { try request.checkBox() }
        let clock = ContinuousClock()
        let started = clock.now
        return try data.withImageBytes { bytes throws(ImageDecodingError) in
            let source = try RowSource(bytes: bytes, limits: first.limits, keepingProfile: first.keepsProfile)
            let orientation = first.applyOrientation ? source.orientation : nil
            let swaps = orientation?.swapsDimensions ?? false
            let shown = swaps ? source.storedSize.transposed : source.storedSize
            var plans = requests.map { request in
                ScalePlan(
                    source: shown, box: request.box, mode: request.mode, clip: request.clip,
                    enlarging: request.enlarging
                ).stored(orientation, size: source.storedSize)
            }
            for (plan, request) in zip(plans, requests) {
                try checkOutput(
                    plan, filter: request.filter, orienting: orientation.map { $0 != .up } ?? false,
                    limits: request.limits)
            }
            let denominator = source.decodesReduced ? plans.map { $0.jpegShrink() }.min() ?? 1 : 1
            // Every scan is read, so that the one decode also proves the file whole.
            try source.start(jpegScaleDenominator: denominator, fastJPEG: false, readingEveryScan: true)
            let decoded = try source.readWholeImage()
            let decodeTime = clock.now - started
            plans = plans.map { $0.source == decoded.size ? $0 : $0.scaled(toSource: decoded.size) }
            var images: [RGBAImage] = []
            var reports: [ScaleReport] = []
            for (plan, request) in zip(plans, requests) {
                let resampling = clock.now
                var image = plan.isIdentity ? decoded : resample(decoded, plan: plan, request: request)
                let orienting = clock.now
                if let orientation { image = image.oriented(orientation) }
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
            return ScaledImages(images: images, reports: reports, iccProfile: source.keptProfile.map { Data($0) })
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
