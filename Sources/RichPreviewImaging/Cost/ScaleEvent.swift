/// What a scale tells `ScaleRequest.observer` as it runs: each stage as it finishes, then the
/// call's whole cost. Called on the thread doing the work (inside the calling task for the `async`
/// entry points, so `Task.isCancelled` there is the caller's); keep it short, and never block in it.
public enum ScaleEvent: Sendable, Equatable {
    /// A stage finished after `milliseconds`. A streamed scale reports `decode` and `resample`
    /// together when the last row is resampled; several outputs from one decode report one
    /// `resample` per output.
    case stageFinished(ImagingStage, milliseconds: Double)
    /// The call finished with this cost; not sent when it throws.
    case finished(ScaleCost)
}
