import Foundation

/// What `ImageScaler` is asked to do: the box, the content mode, the filter, the limits and the
/// threads it may use.
public struct ScaleRequest: Sendable, Equatable {
    /// The box in pixels that the shown (upright) image is fitted into, fills or is stretched to.
    public var box: PixelSize
    /// How the image meets the box: `fit` (the default), `fill` or `stretch`.
    public var mode: ScaleMode
    /// The resampling filter; Lanczos-3 by default.
    public var filter: ResamplingFilter
    /// Apply the EXIF orientation, as iOS shows the image; false keeps the stored pixels.
    public var applyOrientation: Bool
    /// The part of the upright image to scale (nil: all of it), as a thumbnail clipping
    /// rectangle selects it; `mode` then applies to that part.
    public var clip: UnitRect?
    /// False never scales the image (or its clip) up: a smaller one keeps its size, as vips'
    /// `size: down` and Pillow's `thumbnail` do. True (the default) fits it to the box either way.
    public var enlarging: Bool
    /// False (the default) converts an image with an ICC profile other than sRGB to sRGB before
    /// it is resampled (Little CMS, perceptual intent), as a screen that ignores profiles needs;
    /// true keeps the pixels as stored and carries the profile to the output
    /// (`ScaledImage.iccProfile`, embedded by the one-call encode), which iOS honours.
    public var keepsProfile: Bool
    /// The pixel and memory budgets checked before anything large is allocated.
    public var limits: ImageLimits
    /// Threads this scale may use, at least 1 (smaller values count as 1). With 1 it decodes and
    /// resamples on the calling thread; with 2 or more, a large image is decoded on the calling
    /// thread while one helper thread resamples the rows already decoded, when the process-wide
    /// helper budget (`ImageScaler.helperThreadLimit`) has one free, and on the calling thread
    /// alone otherwise. More than 2 currently uses 2: decoding is one sequential stream. The
    /// pixels are identical whatever the count. Default: the cores this process may use.
    public var threads: Int
    /// The resampling kernel; nil picks the fastest this CPU runs. Every kernel gives the same pixels.
    package var kernel: ResamplingKernel?
    /// Memory shared with other scales running at once: this one waits until its estimated peak is
    /// free in it. nil (the default) waits for nothing; `limits` apply either way.
    public var sharedBudget: MemoryBudget?
    /// Told each stage's time as it finishes and the call's cost at the end (`ScaleEvent`), for
    /// the caller's own logger or metrics; nil (the default) tells nothing. Several outputs from
    /// one decode tell the first request's. Not compared by `==`.
    public var observer: (@Sendable (ScaleEvent) -> Void)?

    public static func == (lhs: ScaleRequest, rhs: ScaleRequest) -> Bool {
        lhs.box == rhs.box && lhs.mode == rhs.mode && lhs.filter == rhs.filter
            && lhs.applyOrientation == rhs.applyOrientation && lhs.limits == rhs.limits && lhs.threads == rhs.threads
            && lhs.kernel == rhs.kernel && lhs.sharedBudget === rhs.sharedBudget && lhs.clip == rhs.clip
            && lhs.enlarging == rhs.enlarging && lhs.keepsProfile == rhs.keepsProfile
    }

    /// The cores this process may use: the default for `threads`.
    public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// A request for `box`; by default fitted, Lanczos-3, upright, within the default limits, on
    /// up to `defaultThreads` threads, the whole image, enlarged when smaller than the box, its
    /// colours converted to sRGB.
    public init(
        box: PixelSize, mode: ScaleMode = .fit, filter: ResamplingFilter = .lanczos3, applyOrientation: Bool = true,
        limits: ImageLimits = ImageLimits(), threads: Int = ScaleRequest.defaultThreads, clip: UnitRect? = nil,
        enlarging: Bool = true, keepsProfile: Bool = false
    ) {
        self.box = box
        self.keepsProfile = keepsProfile
        self.clip = clip
        self.enlarging = enlarging
        self.mode = mode
        self.filter = filter
        self.applyOrientation = applyOrientation
        self.limits = limits
        self.threads = threads
        self.kernel = nil
    }
}

extension ScaleRequest {
    /// Throws `.invalidRequest` for a box with a side under 1 pixel, which no image fits, or a
    /// clip that is not inside the unit square.
    func checkBox() throws(ImageDecodingError) {
        guard box.width >= 1, box.height >= 1 else {
            throw .invalidRequest(reason: "the box must be at least 1×1 pixels, not \(box.width)×\(box.height)")
        }
        if let clip, !clip.isInsideUnitSquare {
            throw .invalidRequest(
                reason: "the clip \(clip.x),\(clip.y),\(clip.width),\(clip.height) is not inside the unit square")
        }
    }
}
