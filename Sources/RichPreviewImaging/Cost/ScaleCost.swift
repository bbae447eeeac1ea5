/// What one scale call cost, for a worker's logs and metrics: the time in each stage, the time it
/// waited, and the memory it held. Attached to every result (`ScaledImage.cost`,
/// `ScaledImageData.cost`, `ScaledImages.cost`) and passed to `ScaleRequest.observer`.
public struct ScaleCost: Sendable, Equatable, Codable {
    /// Milliseconds in the decoder. In a streamed scale decoding and resampling interleave, row
    /// batch by batch; this is the decoder's share.
    public var decodeMilliseconds: Double = 0
    /// Milliseconds resampling and turning the result upright (every output's, for several).
    public var resampleMilliseconds: Double = 0
    /// Milliseconds encoding the output; 0 for a call that does not encode.
    public var encodeMilliseconds: Double = 0
    /// Milliseconds the call waited before it started: for room in the shared memory budget and,
    /// with the `async` entry points, for a thread of the worker pool.
    public var waitMilliseconds: Double = 0
    /// The most bytes the call's buffers hold at once, estimated from the header before anything
    /// large is allocated (the decoder's whole-image buffer, the resampler's, the outputs, the
    /// encoder's): what the call reserves in `ScaleRequest.sharedBudget`, and what
    /// `ImageLimits.maxMemory` is checked against.
    public var peakBytes: Int = 0

    /// A cost of nothing yet.
    public init() {}
}
