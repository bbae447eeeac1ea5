/// What `ImageScaler` is asked to do: the box, the content mode, the filter and the limits.
public struct ScaleRequest: Sendable, Equatable {
    public var box: PixelSize
    public var mode: ScaleMode
    public var filter: ResamplingFilter
    /// Apply the EXIF orientation, as iOS shows the image; false keeps the stored pixels.
    public var applyOrientation: Bool
    public var limits: ImageLimits

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
