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
    /// `pixelLimit` caps the stream's and the frame's width × height, checked before a picture of
    /// that size is converted. `deadline` bounds the call once FFmpeg is loaded (the first call
    /// loads it first; at most about 49 days; zero or less times out at once). A negative or
    /// non-finite `seconds`, or a `pixelLimit` under 1, throws `.invalidRequest`.
    public static func posterFrame(
        of data: Data, at seconds: Double = 0, pixelLimit: Int, deadline: Duration = .seconds(2)
    ) throws(MovieFrameError) -> MovieFrame {
        guard seconds.isFinite, seconds >= 0 else {
            throw .invalidRequest(reason: "the time must be a finite number of seconds, 0 or more, not \(seconds)")
        }
        guard pixelLimit > 0 else {
            throw .invalidRequest(reason: "the pixel limit must be at least 1, not \(pixelLimit)")
        }
        let milliseconds = try deadlineMilliseconds(deadline)
        var message = [CChar](repeating: 0, count: 512)
        var info = crp_av_poster_info()
        var handle: OpaquePointer?
        let status = data.withUnsafeBytes { bytes in
            crp_av_poster_decode(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, seconds, UInt64(pixelLimit), milliseconds,
                &handle, &info, &message, message.count)
        }
        defer { crp_av_poster_destroy(handle) }
        guard status == CRP_AV_OK, let handle else {
            throw error(for: status, info: info, seconds: seconds, limit: pixelLimit, message: CMessage.string(message))
        }

        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        let count = size.pixelCount * 4
        var copyStatus = CRP_AV_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            copyStatus = crp_av_poster_copy_rgba(handle, buffer.baseAddress, count, &message, message.count)
            initialized = copyStatus == CRP_AV_OK ? count : 0
        }
        guard copyStatus == CRP_AV_OK else {
            throw error(
                for: copyStatus, info: info, seconds: seconds, limit: pixelLimit, message: CMessage.string(message))
        }

        let quarterTurns = (Int(info.rotation) + 45) / 90 % 4
        let orientation: ImageOrientation = [.up, .right, .down, .left][quarterTurns]
        let image = RGBAImage(size: size, pixels: pixels).oriented(orientation)
        let streamSize =
            info.stream_width > 0 && info.stream_height > 0
            ? PixelSize(width: Int(info.stream_width), height: Int(info.stream_height)) : size
        return MovieFrame(
            image: image, streamSize: streamSize, rotation: quarterTurns * 90, time: info.time >= 0 ? info.time : nil,
            duration: info.duration >= 0 ? info.duration : nil)
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
        for status: crp_av_status, info: crp_av_poster_info, seconds: Double, limit: Int, message: String
    ) -> MovieFrameError {
        switch status {
        case CRP_AV_LIBRARY_UNAVAILABLE: libraryFailure() ?? .undecodable(reason: message)
        case CRP_AV_NO_VIDEO_STREAM: .noVideoStream
        case CRP_AV_OVER_PIXEL_BUDGET: .overPixelBudget(width: Int(info.width), height: Int(info.height), limit: limit)
        case CRP_AV_SEEK_PAST_END: .seekPastEnd(seconds: seconds, duration: info.duration >= 0 ? info.duration : nil)
        case CRP_AV_TIMED_OUT: .timedOut
        case CRP_AV_OUT_OF_MEMORY: .outOfMemory
        case CRP_AV_MISUSE: .invalidRequest(reason: message)
        default: .undecodable(reason: message)
        }
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
