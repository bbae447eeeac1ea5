/// What an audio or movie container says about its file, as `MediaProbe` reads it.
///
/// Audio fields (`sampleRate`, `channels`, `audioCodec`, `bitsPerSample`) describe the first audio
/// stream, in movies too. Video fields (`width`, `height`, `frameRate`, `rotation`) describe the
/// first video stream. `codec` is the video codec of a movie with video, otherwise the audio codec.
/// Codec names use ffprobe's `codec_name` vocabulary (`pcm_s16le`, `adpcm_ima_wav`, `mp3`, `aac`,
/// `alac`, `h264`, `hevc`, `mpeg4`, `mpeg1video`, `mpeg2video`, `mjpeg`, `mp2` ...).
public struct MediaFacts: Sendable, Equatable, Codable {
    /// The format, refined by the container where the leading bytes could not tell: an ISO file
    /// with a generic brand whose tracks are all audio is `m4a`; an ID3 tag followed by ADTS is `aac`.
    public var format: MediaFormat
    /// Playing time in seconds, when the container gives or implies it.
    public var duration: Double?
    /// Audio sample rate in Hz.
    public var sampleRate: Int?
    /// Audio channel count.
    public var channels: Int?
    /// The main stream's codec (video when there is video).
    public var codec: String?
    /// Video display width in pixels (ISO files: the track header's, before any rotation).
    public var width: Int?
    /// Video display height in pixels.
    public var height: Int?
    /// Video frames per second, when known.
    public var frameRate: Double?
    /// ISO base media major brand (`isom`, `M4A `, `qt  ` ...), when there is an `ftyp` box.
    public var brand: String?
    /// ISO base media compatible brands, when there is an `ftyp` box.
    public var compatibleBrands: [String]?
    /// The first audio stream's codec, in any file with audio.
    public var audioCodec: String?
    /// Bits per audio sample for PCM and ADPCM (as stored: 24-bit samples in 32-bit containers say 32).
    public var bitsPerSample: Int?
    /// Overall bits per second: file size × 8 ÷ duration, as ffprobe's format bit rate.
    public var bitRate: Int?
    /// MPEG audio: true when frames have different bit rates (or a Xing/VBRI header says so).
    public var isVBR: Bool?
    /// True when the file has a video track or stream.
    public var hasVideo: Bool
    /// True when the file has an audio track or stream.
    public var hasAudio: Bool
    /// ISO files: the video track's rotation from its matrix, in degrees clockwise (0, 90, 180, 270).
    public var rotation: Int?
    /// The codec's tag as stored (sample entry type, AVI fourcc, WAV format tag as `0x0001`,
    /// AIFC compression type, CAF format ID), for codecs without a name here.
    public var codecTag: String?
    /// The container variant: `RIFF` or `RF64` WAV, with `, extensible` for `WAVE_FORMAT_EXTENSIBLE`
    /// and `, streamed` for unset sizes; `AIFF` or `AIFC`; `MPEG-1 Layer III` and the like; the ADTS
    /// AAC profile; `MPEG-1 system stream` or `MPEG-2 program stream`; `OpenDML` AVI; `fragmented` MP4.
    public var variant: String?

    /// Facts about a file of `format` with nothing else known yet.
    public init(format: MediaFormat) {
        self.format = format
        hasVideo = false
        hasAudio = false
    }
}
