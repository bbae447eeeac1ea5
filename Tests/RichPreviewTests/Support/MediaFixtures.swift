import Foundation
import RichPreview
import RichPreviewTestSupport

/// The audio and movie fixtures of `Tests/Fixtures/media/` and what ffprobe says about them
/// (`ffprobe.json`, written by `make-media-fixtures.sh`).
enum MediaFixtures {
    /// ffprobe's facts about one file.
    struct Reference: Decodable {
        struct Audio: Decodable {
            var codecName: String
            var sampleRate: Int
            var channels: Int
            var packets: Int
            var packetDuration: Double
        }
        struct Video: Decodable {
            var codecName: String
            var width: Int
            var height: Int
            var rFrameRate: Double
            var packets: Int
            var packetDuration: Double
        }
        var formatName: String
        var duration: Double
        var durationSource: String
        var audio: Audio?
        var video: Video?
    }

    /// How prefixes of a fixture may be whole (see `MediaProbeFixtureTests`).
    enum PrefixRule {
        /// Only the whole file is whole: the container declares its size or total.
        case wholeFileOnly
        /// Cut at a frame boundary is whole: a frame stream without a declared total.
        case audioFrames
        /// The `data` chunk runs to the end of the file: any prefix past the header is whole.
        case streamedPCM
        /// Cut at a packet or picture boundary is whole; durations grow with the prefix.
        case growing
    }

    /// Each fixture: the format its bytes are sniffed as, the format `MediaProbe` reports, and how
    /// its prefixes may be whole.
    static let table: [String: (sniffed: MediaFormat, probed: MediaFormat, prefixes: PrefixRule)] = [
        "wav-s16-mono.wav": (.wav, .wav, .wholeFileOnly),
        "wav-s16-stereo.wav": (.wav, .wav, .wholeFileOnly),
        "wav-s24-extensible.wav": (.wav, .wav, .wholeFileOnly),
        "wav-3ch-extensible.wav": (.wav, .wav, .wholeFileOnly),
        "wav-f32.wav": (.wav, .wav, .wholeFileOnly),
        "wav-ima-adpcm.wav": (.wav, .wav, .wholeFileOnly),
        "wav-streamed.wav": (.wav, .wav, .streamedPCM),
        "wav-rf64.wav": (.wav, .wav, .wholeFileOnly),
        "aiff-s16.aiff": (.aiff, .aiff, .wholeFileOnly),
        "aifc-f32.aifc": (.aiff, .aiff, .wholeFileOnly),
        "aifc-sowt.aifc": (.aiff, .aiff, .wholeFileOnly),
        "mp3-cbr-info.mp3": (.mp3, .mp3, .wholeFileOnly),
        "mp3-cbr-notag.mp3": (.mp3, .mp3, .audioFrames),
        "mp3-vbr-xing.mp3": (.mp3, .mp3, .wholeFileOnly),
        "mp3-vbr-notag.mp3": (.mp3, .mp3, .audioFrames),
        "mp3-vbri.mp3": (.mp3, .mp3, .wholeFileOnly),
        "mp3-id3v2-id3v1.mp3": (.mp3, .mp3, .audioFrames),
        "mp3-ape-id3v1.mp3": (.mp3, .mp3, .audioFrames),
        "mp3-mpeg25.mp3": (.mp3, .mp3, .audioFrames),
        "mp2-layer2.mp2": (.mp3, .mp3, .audioFrames),
        "m4a-aac.m4a": (.m4a, .m4a, .wholeFileOnly),
        "m4a-alac.m4a": (.m4a, .m4a, .wholeFileOnly),
        "caf-lpcm.caf": (.caf, .caf, .wholeFileOnly),
        "caf-alac.caf": (.caf, .caf, .wholeFileOnly),
        "aac-adts.aac": (.aac, .aac, .audioFrames),
        "mp4-h264-aac-faststart.mp4": (.mp4, .mp4, .wholeFileOnly),
        "mp4-h264-moov-last.mp4": (.mp4, .mp4, .wholeFileOnly),
        "mp4-largesize.mp4": (.mp4, .mp4, .wholeFileOnly),
        "mp4-hevc.mp4": (.mp4, .mp4, .wholeFileOnly),
        "m4v-mpeg4.m4v": (.mp4, .mp4, .wholeFileOnly),
        "mov-h264-pcm.mov": (.mov, .mov, .wholeFileOnly),
        "mov-noftyp.mov": (.mov, .mov, .wholeFileOnly),
        "mpeg1-ps.mpg": (.mpeg, .mpeg, .growing),
        "mpeg2-ps.mpg": (.mpeg, .mpeg, .growing),
        "m2v-mpeg2.m2v": (.m2v, .m2v, .growing),
        "m1v-mpeg1.m1v": (.m2v, .m2v, .growing),
        "avi-mpeg4-pcm.avi": (.avi, .avi, .wholeFileOnly),
        "avi-mjpeg-mp3.avi": (.avi, .avi, .wholeFileOnly),
    ]

    /// The fixture names, sorted.
    static let names = table.keys.sorted()

    /// The bytes of fixture `name`.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.fixture("media/\(name)"))
    }

    /// ffprobe's facts for every fixture, by name.
    static let references: [String: Reference] = {
        guard let data = try? Data(contentsOf: TestPaths.fixture("media/ffprobe.json")) else { return [:] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return (try? decoder.decode([String: Reference].self, from: data)) ?? [:]
    }()
}
