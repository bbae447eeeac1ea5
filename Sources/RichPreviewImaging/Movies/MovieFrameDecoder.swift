import CRichPreviewFFmpeg
import Foundation

/// Decodes one frame of a movie attachment (MP4, QuickTime, MPEG program stream, MPEG video, AVI)
/// with FFmpeg, which is loaded with dlopen on the first call, so that no other command maps it.
///
/// The bytes are read from memory only (no file, URL or network protocol is opened), by one decoder
/// thread, with at most a fixed number of packets read, within a deadline on the monotonic clock.
/// Calls from several threads at once are safe: each has its own FFmpeg objects.
public enum MovieFrameDecoder {
    /// The frame of the first video stream at `seconds` after its start, turned upright by the
    /// stream's display rotation: with 0 the first frame, else the first frame whose presentation
    /// time is at or after `seconds` (the last frame, when the stream ends before one, if `seconds`
    /// is within its declared duration; `.seekPastEnd` when it is at or past it).
    ///
    /// `limits.maxPixels` caps the stream's and the frame's width × height, and `limits.maxMemory`
    /// the bytes the decode commits: every picture the decoder holds (its planes and its tables)
    /// and the converted copies. A stream whose declared size would not fit is refused before its
    /// decoder is opened, a picture that would take the count over the limit before it is
    /// allocated, and the frame as decoded is checked again before it is converted; each throws
    /// `.overPixelBudget` or `.overMemoryBudget`. With `box`, the frame as shown is scaled down
    /// while it is converted to fit it (aspect kept, never enlarged), so that no copy the size of a
    /// large frame is made. `deadline` bounds the call once FFmpeg is loaded (the first call loads
    /// it first; at most about 49 days; zero or less times out at once). A negative or non-finite
    /// `seconds`, limits under 1, or a box with a side under 1 throw `.invalidRequest`.
    public static func posterFrame(
        of data: Data, at seconds: Double = 0, limits: ImageLimits, fittingInto box: PixelSize? = nil,
        deadline: Duration = .seconds(2)
    ) throws(MovieFrameError) -> MovieFrame {
        guard seconds.isFinite, seconds >= 0 else {
            throw .invalidRequest(reason: "the time must be a finite number of seconds, 0 or more, not \(seconds)")
        }
        guard limits.maxPixels > 0 else {
            throw .invalidRequest(reason: "the pixel limit must be at least 1, not \(limits.maxPixels)")
        }
        guard limits.maxMemory > 0 else {
            throw .invalidRequest(reason: "the memory limit must be at least 1 byte, not \(limits.maxMemory)")
        }
        if let box, box.width < 1 || box.height < 1 {
            throw .invalidRequest(reason: "the box must be at least 1x1 pixels, not \(box)")
        }
        let milliseconds = try deadlineMilliseconds(deadline)
        var request = crp_av_limits(
            pixel_budget: UInt64(limits.maxPixels), memory_budget: UInt64(limits.maxMemory),
            box_width: UInt32(clamping: box?.width ?? 0), box_height: UInt32(clamping: box?.height ?? 0))
        var message = [CChar](repeating: 0, count: 512)
        var info = crp_av_poster_info()
        var handle: OpaquePointer?
        let status = data.withUnsafeBytes { bytes in
            crp_av_poster_decode(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, seconds, &request, milliseconds, &handle,
                &info, &message, message.count)
        }
        guard status == CRP_AV_OK, let poster = handle else {
            throw error(for: status, info: info, seconds: seconds, limits: limits, message: CMessage.string(message))
        }

        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        let count = size.pixelCount * 4
        var copyStatus = CRP_AV_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            copyStatus = crp_av_poster_copy_rgba(poster, buffer.baseAddress, count, &message, message.count)
            initialized = copyStatus == CRP_AV_OK ? count : 0
        }
        // Freed before the frame is turned: the memory limit counts two copies of it.
        crp_av_poster_destroy(poster)
        guard copyStatus == CRP_AV_OK else {
            throw error(
                for: copyStatus, info: info, seconds: seconds, limits: limits, message: CMessage.string(message))
        }

        let quarterTurns = (Int(info.rotation) + 45) / 90 % 4
        let orientation: ImageOrientation = [.up, .right, .down, .left][quarterTurns]
        let image = RGBAImage(size: size, pixels: pixels).oriented(orientation)
        let streamSize =
            info.stream_width > 0 && info.stream_height > 0
            ? PixelSize(width: Int(info.stream_width), height: Int(info.stream_height))
            : PixelSize(width: Int(info.frame_width), height: Int(info.frame_height))
        return MovieFrame(
            image: image, streamSize: streamSize, rotation: quarterTurns * 90, time: info.time >= 0 ? info.time : nil,
            duration: info.duration >= 0 ? info.duration : nil)
    }

    /// `posterFrame(of:at:limits:fittingInto:deadline:)` at the frame's own size, within
    /// `pixelLimit` pixels and the default memory limit (`ImageLimits.defaultMaxMemory`).
    public static func posterFrame(
        of data: Data, at seconds: Double = 0, pixelLimit: Int, deadline: Duration = .seconds(2)
    ) throws(MovieFrameError) -> MovieFrame {
        try posterFrame(of: data, at: seconds, limits: ImageLimits(maxPixels: pixelLimit), deadline: deadline)
    }

    /// The deadline in whole milliseconds for the shim, rounded up and capped at `UInt32.max`
    /// (the shim reads 0 as its default, so the least is 1).
    private static func deadlineMilliseconds(_ deadline: Duration) throws(MovieFrameError) -> UInt32 {
        let (seconds, attoseconds) = deadline.components
        guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { throw .timedOut }
        guard seconds < Int64(UInt32.max / 1000) else { return UInt32.max }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return UInt32(clamping: max(1, milliseconds))
    }

    private static func error(
        for status: crp_av_status, info: crp_av_poster_info, seconds: Double, limits: ImageLimits, message: String
    ) -> MovieFrameError {
        switch status {
        case CRP_AV_LIBRARY_UNAVAILABLE: libraryFailure() ?? .undecodable(reason: message)
        case CRP_AV_NO_VIDEO_STREAM: .noVideoStream
        case CRP_AV_OVER_PIXEL_BUDGET:
            .overPixelBudget(width: Int(info.frame_width), height: Int(info.frame_height), limit: limits.maxPixels)
        case CRP_AV_OVER_MEMORY_BUDGET:
            .overMemoryBudget(
                width: Int(info.frame_width), height: Int(info.frame_height), pictures: Int(info.pictures),
                bytes: Int(clamping: info.memory_needed), limit: limits.maxMemory)
        case CRP_AV_SEEK_PAST_END: .seekPastEnd(seconds: seconds, duration: info.duration >= 0 ? info.duration : nil)
        case CRP_AV_TIMED_OUT: .timedOut
        case CRP_AV_OUT_OF_MEMORY: .outOfMemory
        case CRP_AV_MISUSE: .invalidRequest(reason: message)
        default: .undecodable(reason: message)
        }
    }

    /// Loads FFmpeg's libraries now; nil when they load, else `library (package): reason`.
    static func loadLibraries() -> String? {
        var report = crp_av_library_report()
        guard crp_av_libraries_load(&report) != CRP_AV_OK else { return nil }
        return CMessage.libraryProblem(library: report.library, package: report.package, reason: report.reason)
    }

    /// `crp_av_libraries_load`: why an FFmpeg library could not be loaded, nil when they all are
    /// (the loader runs once per process, so this repeats the outcome the decode met).
    private static func libraryFailure() -> MovieFrameError? {
        var report = crp_av_library_report()
        guard crp_av_libraries_load(&report) != CRP_AV_OK else { return nil }
        return .librariesUnavailable(
            library: CMessage.string(field: report.library), package: CMessage.string(field: report.package),
            reason: CMessage.string(field: report.reason))
    }
}
