/// Why no frame could be had from a movie; the text for users is `description`.
public enum MovieFrameError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// The request itself is wrong: a time that is negative or not finite, a pixel or memory limit
    /// under 1, a box with a side under 1.
    case invalidRequest(reason: String)
    /// An FFmpeg library is not installed or lacks a function: the file dlopen was given, the
    /// Debian package that installs it and dlopen's reason.
    case librariesUnavailable(library: String, package: String, reason: String)
    /// The movie has no video stream (an audio-only MP4, for example).
    case noVideoStream
    /// Not a movie format read here, a damaged file, or no picture of it decodes; `reason` is the
    /// shim's account, in FFmpeg's words where FFmpeg gave any.
    case undecodable(reason: String)
    /// The stream or its frame is `width` × `height`, more pixels than `limit`; no picture of that
    /// size was converted.
    case overPixelBudget(width: Int, height: Int, limit: Int)
    /// Decoding the movie's `width` × `height` frame would need `bytes`, more than `limit`: the
    /// decoder's `pictures` pictures of that size (the one refused included) with its tables, and
    /// the converted copies. Refused before the decoder was opened for the size its stream declares
    /// (`pictures` 1), or before the picture that would pass the limit was allocated.
    case overMemoryBudget(width: Int, height: Int, pictures: Int, bytes: Int, limit: Int)
    /// The time asked for is at or past the end of the video, or no frame is at or after it;
    /// `duration` is nil when the stream does not declare one.
    case seekPastEnd(seconds: Double, duration: Double?)
    /// The deadline passed before the frame was decoded.
    case timedOut
    /// Memory for FFmpeg or for the frame could not be had.
    case outOfMemory

    /// The name of `noVideoStream`, `timedOut` and `outOfMemory`, which carry no values.
    public var nameOfCaseWithoutValues: String? {
        switch self {
        case .noVideoStream: "noVideoStream"
        case .timedOut: "timedOut"
        case .outOfMemory: "outOfMemory"
        default: nil
        }
    }

    /// A sentence for users saying what went wrong.
    public var description: String {
        switch self {
        case .invalidRequest(let reason):
            "invalid movie frame request: \(reason)"
        case .librariesUnavailable(let library, let package, let reason):
            "\(library) could not be loaded (install the Debian package \(package)): \(reason)"
        case .noVideoStream:
            "the movie has no video stream"
        case .undecodable(let reason):
            "cannot decode the movie: \(reason)"
        case .overPixelBudget(let width, let height, let limit):
            "the movie is \(width)x\(height), \(PixelSize(width: width, height: height).pixelCount) pixels, over the "
                + "limit of \(limit)"
        case .overMemoryBudget(let width, let height, let pictures, let bytes, let limit):
            "the movie's \(width)x\(height) frame"
                + (pictures > 1 ? ", with the \(pictures) pictures its decoder holds," : "")
                + " would need \(ImageDecodingError.mebibytes(bytes)) MiB to decode and draw, over the memory limit of "
                + "\(ImageDecodingError.mebibytes(limit)) MiB"
        case .seekPastEnd(let seconds, let duration):
            "no frame at \(seconds) s: "
                + (duration.map { "the movie lasts \($0) s" } ?? "the movie ends before")
        case .timedOut:
            "decoding the movie frame took longer than its deadline"
        case .outOfMemory:
            "out of memory while decoding the movie frame"
        }
    }
}
