/// What `ImageScaler` is asked to do: the box, the content mode, the filter and the limits.
public struct ScaleRequest: Sendable, Equatable {
    /// The box in pixels that the shown (upright) image is fitted into, fills or is stretched to.
    public var box: PixelSize
    /// How the image meets the box: `fit` (the default), `fill` or `stretch`.
    public var mode: ScaleMode
    /// The resampling filter; Lanczos-3 by default.
    public var filter: ResamplingFilter
    /// Apply the EXIF orientation, as iOS shows the image; false keeps the stored pixels.
    public var applyOrientation: Bool
    /// The pixel and memory budgets checked before anything large is allocated.
    public var limits: ImageLimits

    /// A request for `box`; by default fitted, Lanczos-3, upright, within the default limits.
    public init(
        box: PixelSize, mode: ScaleMode = .fit, filter: ResamplingFilter = .lanczos3, applyOrientation: Bool = true,
        limits: ImageLimits = ImageLimits()
    ) {
        self.box = box
        self.mode = mode
        self.filter = filter
        self.applyOrientation = applyOrientation
        self.limits = limits
    }
}
