import Foundation

/// What decoding an image attachment whole tells about it; supplied by the imaging module, which
/// owns the decoders (`ImageValidator.attachmentProbe`).
public struct ImageFacts: Sendable, Equatable, Codable {
    /// Width in pixels as stored, before any EXIF orientation is applied.
    public var width: Int
    /// Height in pixels as stored, before any EXIF orientation is applied.
    public var height: Int
    /// Bits per sample as stored.
    public var bitDepth: Int
    /// Frames of an animated GIF; 1 otherwise.
    public var frameCount: Int
    /// The EXIF orientation tag (1–8), when there is one.
    public var orientation: Int?
    /// Whether a pixel may be transparent (an alpha channel or a transparent colour); nil when
    /// the decoder did not say.
    public var hasAlpha: Bool?

    /// Creates image facts from their parts; a still image has one frame and, by default, no
    /// orientation tag.
    public init(
        width: Int, height: Int, bitDepth: Int, frameCount: Int = 1, orientation: Int? = nil, hasAlpha: Bool? = nil
    ) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.frameCount = frameCount
        self.orientation = orientation
        self.hasAlpha = hasAlpha
    }
}

/// Decodes an image attachment whole: its facts, or why it was not (a damaged image, or one over
/// the caller's decoding limits, which says nothing against it).
public typealias ImageProbe = @Sendable (_ bytes: Data) -> Result<ImageFacts, ImageProbeFailure>

/// Why an image attachment did not decode.
public struct ImageProbeFailure: Error, Sendable, Equatable {
    /// The decoder's reason, for users.
    public var reason: String
    /// True when the image was not decoded because it is over the caller's pixel or memory limits
    /// (a valid image, which iOS may well take), false when its bytes are damaged.
    public var isOverLimit: Bool
    /// What the header tells, for an image over the limits (its pixels were not read).
    public var header: ImageFacts?
    /// True when the probe does not decode the image's format (it is identified by its signature
    /// only, as without a probe); nothing is known against it.
    public var isUnsupportedFormat: Bool

    /// Creates a failure with the decoder's reason, for users; a damaged image unless
    /// `isOverLimit` or `isUnsupportedFormat`.
    public init(reason: String, isOverLimit: Bool = false, header: ImageFacts? = nil, isUnsupportedFormat: Bool = false)
    {
        self.reason = reason
        self.isOverLimit = isOverLimit
        self.header = header
        self.isUnsupportedFormat = isUnsupportedFormat
    }
}
