import Foundation
import RichPreviewImaging

/// libFuzzer's entry point: a movie file, as it is (no selector byte: a finding is a movie that
/// ffprobe and ffmpeg read too).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(start, count: count)
    MovieHarness.run(input.rest())
    return 0
}

/// `MovieFrameDecoder.posterFrame` over the FFmpeg shim (probing, the four demuxers, the allowed
/// decoders, seeking, the RGBA conversion) at 0 s and at 1 s, with a pixel limit, a memory limit and
/// a deadline small enough that a large, many-pictured or slow movie is refused rather than
/// decoded. Checks what the documentation promises: a frame within the limit, opaque, with as many
/// pixels as its size says and turned by a quarter turn; an over-budget error over the limits
/// (the memory one counting more than the limit); no seek past the end at 0 s;
/// no `invalidRequest` for a valid request; and every call back within its deadline (plus slack
/// for a loaded machine), since the deadline is what keeps a hostile movie from hanging `render`.
enum MovieHarness {
    /// 128 × 128: every fixture (64 × 48 at most) decodes; anything larger is refused.
    static let pixelLimit = 16_384
    /// 1 MiB: a fixture's decode counts a few hundred KB; a stream holding many pictures of the
    /// largest size allowed passes it.
    static let memoryLimit = 1 << 20
    static let deadline = Duration.milliseconds(250)
    /// How far past the deadline a call may return before it counts as ignoring it.
    static let slack = Duration.seconds(2)
    static let times: [Double] = [0, 1]

    /// The first call loads FFmpeg, which its deadline does not cover: done once, before the first
    /// timed call (an empty input is refused after the libraries are loaded).
    static let loaded: Bool = {
        _ = try? MovieFrameDecoder.posterFrame(of: Data(), pixelLimit: 1)
        return true
    }()

    static func run(_ data: Data) {
        Invariant.check(loaded, "FFmpeg is loaded")
        for seconds in times {
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let frame = try MovieFrameDecoder.posterFrame(
                    of: data, at: seconds, limits: ImageLimits(maxPixels: pixelLimit, maxMemory: memoryLimit),
                    deadline: deadline)
                check(frame)
            } catch {
                check(error, at: seconds)
            }
            let elapsed = clock.now - start
            Invariant.check(
                elapsed < deadline + slack, "a call at \(seconds) s took \(elapsed), past its deadline of \(deadline)")
        }
    }

    static func check(_ frame: MovieFrame) {
        let size = frame.image.size
        Invariant.check(
            size.width > 0 && size.height > 0 && size.pixelCount <= pixelLimit,
            "a \(size.width)x\(size.height) frame under a limit of \(pixelLimit) pixels")
        Invariant.check(frame.image.pixels.count == size.pixelCount * 4, "pixel count does not match the size")
        Invariant.check(frame.image.isOpaque, "a frame that is not opaque")
        Invariant.check([0, 90, 180, 270].contains(frame.rotation), "a rotation of \(frame.rotation) degrees")
        Invariant.check(
            frame.streamSize.width > 0 && frame.streamSize.height > 0, "an empty stream size \(frame.streamSize)")
        if let time = frame.time { Invariant.check(time.isFinite && time >= 0, "a frame time of \(time)") }
        if let duration = frame.duration {
            Invariant.check(duration.isFinite && duration > 0, "a declared duration of \(duration)")
        }
    }

    static func check(_ error: MovieFrameError, at seconds: Double) {
        Invariant.check(!error.description.isEmpty, "an error without a description")
        switch error {
        case .invalidRequest(let reason):
            Invariant.check(false, "a valid request at \(seconds) s refused as invalid: \(reason)")
        case .librariesUnavailable:
            Invariant.check(false, "FFmpeg could not be loaded: \(error)")
        case .overPixelBudget(let width, let height, let limit):
            Invariant.check(
                limit == pixelLimit && width > 0 && height > 0 && width * height > limit,
                "refused as over budget: \(error)")
        case .overMemoryBudget(let width, let height, let pictures, let bytes, let limit):
            Invariant.check(
                limit == memoryLimit && bytes > limit && width > 0 && height > 0 && pictures > 0,
                "refused as over the memory limit: \(error)")
        case .seekPastEnd(let past, let duration):
            Invariant.check(past == seconds && seconds > 0, "a seek past the end at \(seconds) s: \(error)")
            if let duration { Invariant.check(duration.isFinite && duration > 0, "a declared duration of \(duration)") }
        case .undecodable(let reason):
            Invariant.check(
                !reason.isEmpty && !reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "a reason that is empty or holds a control character: \(reason.debugDescription)")
        case .noVideoStream, .timedOut, .outOfMemory:
            break
        }
    }
}
