/// One decoded frame of a movie: the poster frame iOS shows for a notification's movie attachment.
public struct MovieFrame: Sendable, Equatable {
    /// The frame as shown: opaque RGBA, turned upright by the stream's rotation, and scaled down
    /// to fit the box the decoder was given, if any.
    public var image: RGBAImage
    /// The video stream's width and height as stored, before the rotation (what ffprobe reports).
    public var streamSize: PixelSize
    /// The clockwise turn in degrees applied to show the frame upright: 0, 90, 180 or 270 (the
    /// stream's display matrix rounded to the nearest quarter turn).
    public var rotation: Int
    /// The frame's presentation time in seconds after the stream's start; nil when it has none.
    public var time: Double?
    /// The video stream's duration in seconds as the container declares it; nil when FFmpeg can
    /// only estimate it (MPEG program streams and MPEG video elementary streams).
    public var duration: Double?
}
