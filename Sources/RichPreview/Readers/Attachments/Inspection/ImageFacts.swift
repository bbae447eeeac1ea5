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

    /// Creates image facts from their parts; a still image has one frame and, by default, no
    /// orientation tag.
    public init(width: Int, height: Int, bitDepth: Int, frameCount: Int = 1, orientation: Int? = nil) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.frameCount = frameCount
        self.orientation = orientation
    }
}

/// Decodes an image attachment whole: its facts, or why it is not valid (`corrupt`: damaged;
/// `refused`: valid but over the decoder's limits).
public typealias ImageProbe = @Sendable (_ bytes: Data) -> Result<ImageFacts, ImageProbeFailure>

/// Why an image attachment did not decode.
public struct ImageProbeFailure: Error, Sendable, Equatable {
    /// The decoder's reason, for users.
    public var reason: String

    /// Creates a failure with the decoder's reason, for users.
    public init(reason: String) {
        self.reason = reason
    }
}
