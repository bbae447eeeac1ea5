import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Testing

/// One frame of a movie through FFmpeg: every movie fixture at the size ffprobe reports, times and
/// seeking, the display rotation, the pixel budget, the codec allow-list, and damaged, foreign and
/// empty inputs.
struct MovieFrameDecoderTests {
    /// The movie fixtures of `Tests/Fixtures/media/`, every container and codec among them.
    static let movies = [
        "mp4-h264-aac-faststart.mp4", "mp4-h264-moov-last.mp4", "mp4-largesize.mp4", "mp4-hevc.mp4",
        "mov-h264-pcm.mov", "mov-noftyp.mov", "m4v-mpeg4.m4v", "avi-mjpeg-mp3.avi", "avi-mpeg4-pcm.avi",
        "mpeg1-ps.mpg", "mpeg2-ps.mpg", "m1v-mpeg1.m1v", "m2v-mpeg2.m2v",
    ]

    /// ffprobe's facts about a fixture and its first video stream (`media/ffprobe.json`).
    struct Probed {
        var width: Int
        var height: Int
        /// The longest packet's duration: how far from 0 FFmpeg may put the first frame of a
        /// stream without timestamps (an MPEG-2 elementary stream's first is at one frame).
        var packetDuration: Double
        /// The file's duration in seconds.
        var duration: Double
    }

    /// ffprobe's reading of every fixture with a video stream, by name.
    static let probed: [String: Probed] = {
        struct Entry: Decodable {
            struct Video: Decodable {
                var width: Int
                var height: Int
                var packetDuration: Double
            }
            var duration: Double
            var video: Video?
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let data = try? Data(contentsOf: TestPaths.fixture("media/ffprobe.json")),
            let entries = try? decoder.decode([String: Entry].self, from: data)
        else { return [:] }
        return entries.compactMapValues { entry in
            entry.video.map {
                Probed(
                    width: $0.width, height: $0.height, packetDuration: $0.packetDuration, duration: entry.duration)
            }
        }
    }()

    static func media(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("media/\(name)"))
    }

    /// A clip made for these tests (`media-frames/`, written by `media/make-media-fixtures.sh`).
    static func clip(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("media-frames/\(name)"))
    }

    static let limit = 1_000_000

    /// True when `pixel` is within `tolerance` of `expected` in each of R, G and B, and opaque.
    static func near(_ pixel: SIMD4<UInt8>, _ expected: SIMD3<Int>, tolerance: Int = 24) -> Bool {
        abs(Int(pixel.x) - expected.x) <= tolerance && abs(Int(pixel.y) - expected.y) <= tolerance
            && abs(Int(pixel.z) - expected.z) <= tolerance && pixel.w == 255
    }

    @Test func everyMovieFixtureIsListed() {
        #expect(Set(Self.movies) == Set(Self.probed.keys))
    }

    @Test(arguments: movies)
    func firstFrameHasTheSizeFFprobeReports(name: String) throws {
        let probed = try #require(Self.probed[name])
        let expected = PixelSize(width: probed.width, height: probed.height)
        let frame = try MovieFrameDecoder.posterFrame(of: Self.media(name), pixelLimit: Self.limit)
        #expect(frame.image.size == expected)
        #expect(frame.streamSize == expected)
        #expect(frame.rotation == 0)
        #expect(frame.image.isOpaque)
        let time = try #require(frame.time)
        #expect(time >= 0 && time <= probed.packetDuration + 1e-9)
        // Only a container's declared duration is given: none for MPEG program and video streams.
        if ["mpeg1-ps.mpg", "mpeg2-ps.mpg", "m1v-mpeg1.m1v", "m2v-mpeg2.m2v"].contains(name) {
            #expect(frame.duration == nil)
        } else {
            let duration = try #require(frame.duration)
            #expect(duration > 0 && duration <= probed.duration + 1e-6)
        }
        // testsrc's first frame has a colour bar along its top: not one flat grey.
        #expect(Set(frame.image.pixels).count > 8)
    }

    @Test(arguments: movies)
    func halfwayThroughIsTheFirstFrameAtOrAfterIt(name: String) throws {
        let probed = try #require(Self.probed[name])
        let seconds = probed.duration / 2
        let frame = try MovieFrameDecoder.posterFrame(of: Self.media(name), at: seconds, pixelLimit: Self.limit)
        #expect(frame.image.size == PixelSize(width: probed.width, height: probed.height))
        let time = try #require(frame.time)
        #expect(time >= seconds - 1e-6 && time <= seconds + probed.packetDuration + 1e-6, "\(time) for \(seconds)")
    }

    @Test(arguments: [0.5, 1.0, 1.5, 2.0, 2.5])
    func aSeekNeverLandsBeforeTheTimeAskedFor(seconds: Double) throws {
        // Frames at 0, 0.714, 1.429, 2.143, 2.857 s: no time asked for is a tick of the base.
        let frame = try MovieFrameDecoder.posterFrame(
            of: try Self.clip("avi-mjpeg-7-5fps.avi"), at: seconds, pixelLimit: Self.limit)
        let time = try #require(frame.time)
        #expect(time >= seconds - 1e-6 && time < seconds + 5.0 / 7 + 1e-6, "\(time) for \(seconds)")
    }

    @Test func timeZeroIsTheFirstFrameAndALaterTimeSeeks() throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        let first = try MovieFrameDecoder.posterFrame(of: data, pixelLimit: Self.limit)
        #expect(first.image.size == PixelSize(width: 64, height: 48))
        #expect(Self.near(first.image.pixel(x: 32, y: 24), [255, 0, 0]), "\(first.image.pixel(x: 32, y: 24))")
        #expect(first.time == 0)
        #expect(first.duration == 2)

        let later = try MovieFrameDecoder.posterFrame(of: data, at: 1.5, pixelLimit: Self.limit)
        #expect(Self.near(later.image.pixel(x: 32, y: 24), [0, 0, 255]), "\(later.image.pixel(x: 32, y: 24))")
        #expect(abs(try #require(later.time) - 1.5) < 1e-6)

        // Between frames, the next one; just before the cut, still red.
        let between = try MovieFrameDecoder.posterFrame(of: data, at: 1.45, pixelLimit: Self.limit)
        #expect(abs(try #require(between.time) - 1.5) < 1e-6)
        let lastRed = try MovieFrameDecoder.posterFrame(of: data, at: 0.9, pixelLimit: Self.limit)
        #expect(Self.near(lastRed.image.pixel(x: 32, y: 24), [255, 0, 0]))
        // After the last frame's time but within the duration: the last frame, on screen then.
        let tail = try MovieFrameDecoder.posterFrame(of: data, at: 1.95, pixelLimit: Self.limit)
        #expect(abs(try #require(tail.time) - 1.9) < 1e-6)
        #expect(Self.near(tail.image.pixel(x: 32, y: 24), [0, 0, 255]))
    }

    @Test(arguments: [2.0, 10, 1e300])
    func aTimeAtOrPastTheEndIsSeekPastEnd(seconds: Double) throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        #expect(throws: MovieFrameError.seekPastEnd(seconds: seconds, duration: 2)) {
            try MovieFrameDecoder.posterFrame(of: data, at: seconds, pixelLimit: Self.limit)
        }
    }

    @Test func aRotatedClipComesOutUpright() throws {
        // Stored 64x32, left half red and right half blue, shown turned 90° clockwise: the red half
        // is on top, as ffmpeg's own autorotate shows it.
        let frame = try MovieFrameDecoder.posterFrame(of: Self.clip("mp4-rotated-90.mp4"), pixelLimit: Self.limit)
        #expect(frame.image.size == PixelSize(width: 32, height: 64))
        #expect(frame.streamSize == PixelSize(width: 64, height: 32))
        #expect(frame.rotation == 90)
        #expect(Self.near(frame.image.pixel(x: 16, y: 8), [255, 0, 0]), "\(frame.image.pixel(x: 16, y: 8))")
        #expect(Self.near(frame.image.pixel(x: 16, y: 56), [0, 0, 255]), "\(frame.image.pixel(x: 16, y: 56))")
    }

    @Test func aFrameOverThePixelLimitIsRefusedWithItsSize() throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        #expect(throws: MovieFrameError.overPixelBudget(width: 64, height: 48, limit: 3071)) {
            try MovieFrameDecoder.posterFrame(of: data, pixelLimit: 64 * 48 - 1)
        }
        #expect(try MovieFrameDecoder.posterFrame(of: data, pixelLimit: 64 * 48).image.size.pixelCount == 3072)
        let hevc = try Self.media("mp4-hevc.mp4")
        #expect(throws: MovieFrameError.overPixelBudget(width: 64, height: 48, limit: 100)) {
            try MovieFrameDecoder.posterFrame(of: hevc, pixelLimit: 100)
        }
    }

    @Test func aProResClipDecodes() throws {
        // ProRes 422 Proxy, 10-bit 4:2:2: on the allow-list, as iOS plays it; no other fixture has it.
        let frame = try MovieFrameDecoder.posterFrame(of: Self.clip("mov-prores.mov"), pixelLimit: Self.limit)
        #expect(frame.image.size == PixelSize(width: 64, height: 48))
        #expect(frame.time == 0)
        #expect(frame.image.isOpaque)
        #expect(Set(frame.image.pixels).count > 8)
    }

    /// What the shim says of a video codec it does not decode.
    static func refusal(_ codec: String) -> MovieFrameError {
        .undecodable(
            reason: "the movie's video is \(codec), which richpreview does not decode (it decodes H.264, HEVC, "
                + "MPEG-4 Part 2, MPEG-1 and MPEG-2 video, Motion JPEG and ProRes)")
    }

    @Test func aCodecIOSDoesNotPlayIsRefusedByName() throws {
        // VP9 in MP4: FFmpeg decodes it, iOS does not play it in a notification, so neither does
        // richpreview; the codec is named before the pixel budget or the time is looked at.
        let data = try Self.clip("mp4-vp9.mp4")
        for seconds in [0, 0.25, 10] {
            for limit in [Self.limit, 1] {
                #expect(throws: Self.refusal("vp9")) {
                    try MovieFrameDecoder.posterFrame(of: data, at: seconds, pixelLimit: limit)
                }
            }
        }
    }

    @Test func aCodecFFmpegDoesNotKnowIsRefusedByItsFourCharacterCode() throws {
        // The VP9 clip with its sample entry renamed: FFmpeg maps `zz\u{1}z` to no codec at all.
        var data = try Self.clip("mp4-vp9.mp4")
        let entry = try #require(data.range(of: Data("vp09".utf8)))
        data.replaceSubrange(entry, with: [0x7A, 0x7A, 0x01, 0x7A])
        #expect(throws: Self.refusal("'zz?z', a codec FFmpeg does not know")) {
            try MovieFrameDecoder.posterFrame(of: data, pixelLimit: Self.limit)
        }
    }

    @Test func aTruncatedMovieThrows() throws {
        // The moov box is at the end: half the file has no sample tables.
        let data = try Self.media("mp4-h264-moov-last.mp4")
        #expect(throws: MovieFrameError.self) {
            try MovieFrameDecoder.posterFrame(of: data.prefix(data.count / 2), pixelLimit: Self.limit)
        }
        // The moov box first, then the key frame, cut before it ends: the sample tables point past
        // the end of the file.
        let clip = try Self.clip("mp4-red-then-blue.mp4")
        #expect {
            try MovieFrameDecoder.posterFrame(of: clip.prefix(clip.count / 2), pixelLimit: Self.limit)
        } throws: { error in
            guard case .undecodable(let reason) = error as? MovieFrameError else { return false }
            return reason.contains("h264 video")
        }
    }

    @Test(arguments: movies + ["mp4-red-then-blue.mp4", "mp4-rotated-90.mp4", "mov-prores.mov", "mp4-vp9.mp4"])
    func everyPrefixAndDamagedCopyEndsInAFrameOrAnError(name: String) throws {
        let data = try Self.movies.contains(name) ? Self.media(name) : Self.clip(name)
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        var inputs = stride(from: 0, to: data.count, by: max(1, data.count / 24)).map { data.prefix($0) }
        for _ in 0..<16 {
            var damaged = data
            for _ in 0..<8 {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(damaged)
        }
        for input in inputs {
            for seconds in [0, 0.3] {
                do {
                    let frame = try MovieFrameDecoder.posterFrame(of: input, at: seconds, pixelLimit: Self.limit)
                    #expect(frame.image.size.pixelCount > 0 && frame.image.size.pixelCount <= Self.limit)
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }

    @Test func garbageThrows() throws {
        var random = SplitMix64(seed: 7)
        let garbage = Data((0..<65536).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(throws: MovieFrameError.self) { try MovieFrameDecoder.posterFrame(of: garbage, pixelLimit: Self.limit) }
        let text = Data(String(repeating: "not a movie at all\n", count: 100).utf8)
        #expect(throws: MovieFrameError.self) { try MovieFrameDecoder.posterFrame(of: text, pixelLimit: Self.limit) }
    }

    @Test func emptyDataThrows() {
        #expect(throws: MovieFrameError.undecodable(reason: "an empty file: no movie in it")) {
            try MovieFrameDecoder.posterFrame(of: Data(), pixelLimit: Self.limit)
        }
    }

    @Test func anAudioOnlyMovieHasNoVideoStream() throws {
        #expect(throws: MovieFrameError.noVideoStream) {
            try MovieFrameDecoder.posterFrame(of: Self.media("m4a-aac.m4a"), pixelLimit: Self.limit)
        }
    }

    @Test(arguments: ["wav-s16-mono.wav", "mp3-cbr-info.mp3", "aac-adts.aac"])
    func aFormatOutsideTheMovieDemuxersIsNotOpened(name: String) throws {
        #expect {
            try MovieFrameDecoder.posterFrame(of: Self.media(name), pixelLimit: Self.limit)
        } throws: { error in
            guard case .undecodable(let reason) = error as? MovieFrameError else { return false }
            return reason.hasPrefix("not a movie format read here")
        }
    }

    @Test(arguments: [-1, -0.001, .nan, .infinity, -.infinity])
    func anInvalidTimeThrows(seconds: Double) throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, at: seconds, pixelLimit: Self.limit)
        } throws: { error in
            guard case .invalidRequest = error as? MovieFrameError else { return false }
            return true
        }
    }

    @Test(arguments: [0, -1, Int.min])
    func anInvalidPixelLimitThrows(limit: Int) throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        #expect {
            try MovieFrameDecoder.posterFrame(of: data, pixelLimit: limit)
        } throws: { error in
            guard case .invalidRequest = error as? MovieFrameError else { return false }
            return true
        }
    }

    @Test func aSpentDeadlineTimesOut() throws {
        let data = try Self.clip("mp4-red-then-blue.mp4")
        #expect(throws: MovieFrameError.timedOut) {
            try MovieFrameDecoder.posterFrame(of: data, pixelLimit: Self.limit, deadline: .zero)
        }
        #expect(throws: MovieFrameError.timedOut) {
            try MovieFrameDecoder.posterFrame(of: data, pixelLimit: Self.limit, deadline: .seconds(-1))
        }
        // A deadline too long for the shim's milliseconds is capped, not trapped on.
        #expect(try MovieFrameDecoder.posterFrame(of: data, pixelLimit: Self.limit, deadline: .seconds(1e12)).time == 0)
    }

    @Test func decodesOnSeveralThreadsAtOnceAgree() async throws {
        let data = try Self.media("mp4-hevc.mp4")
        let reference = try MovieFrameDecoder.posterFrame(of: data, at: 0.25, pixelLimit: Self.limit)
        let frames = try await withThrowingTaskGroup(of: MovieFrame.self) { group in
            for _ in 0..<8 {
                group.addTask { try MovieFrameDecoder.posterFrame(of: data, at: 0.25, pixelLimit: Self.limit) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(frames.count == 8 && frames.allSatisfy { $0 == reference })
    }

    @Test func errorsSayWhatWentWrong() {
        #expect(MovieFrameError.noVideoStream.description == "the movie has no video stream")
        #expect(
            MovieFrameError.overPixelBudget(width: 64, height: 48, limit: 100).description
                == "the movie is 64x48, 3072 pixels, over the limit of 100")
        #expect(
            MovieFrameError.librariesUnavailable(library: "libavformat.so.59", package: "libavformat59", reason: "x")
                .description == "libavformat.so.59 could not be loaded (install the Debian package libavformat59): x")
        #expect(
            MovieFrameError.seekPastEnd(seconds: 10, duration: 2).description
                == "no frame at 10.0 s: the movie lasts 2.0 s")
    }
}
