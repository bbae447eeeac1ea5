/// The 4-byte header of an MPEG-1, MPEG-2 or MPEG-2.5 audio frame (layers I–III). Free-format
/// frames (bit rate index 0) are not accepted: their length cannot be known from the header.
struct MPEGAudioFrameHeader: Equatable {
    /// 1 for MPEG-1, 2 for MPEG-2, 25 for MPEG-2.5.
    let version: Int
    /// 1, 2 or 3.
    let layer: Int
    /// Bits per second.
    let bitRate: Int
    /// Hz.
    let sampleRate: Int
    let padding: Bool
    /// 3 is single channel; 0–2 are stereo, joint stereo and dual channel.
    let channelMode: Int

    private static let bitRates: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // MPEG-1 layer I
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],  // MPEG-1 layer II
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],  // MPEG-1 layer III
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],  // MPEG-2/2.5 layer I
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],  // MPEG-2/2.5 layers II, III
    ]

    /// Parses the header at `offset` of `bytes`; nil unless it is a valid, non-free-format header.
    init?(_ bytes: [UInt8], at offset: Int = 0) {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        let b1 = bytes[offset + 1], b2 = bytes[offset + 2], b3 = bytes[offset + 3]
        guard bytes[offset] == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
        let versionBits = Int(b1 >> 3) & 3, layerBits = Int(b1 >> 1) & 3
        let rateIndex = Int(b2 >> 4), sampleRateIndex = Int(b2 >> 2) & 3
        guard versionBits != 1, layerBits != 0, rateIndex != 0, rateIndex != 15, sampleRateIndex != 3, b3 & 3 != 2
        else { return nil }
        version = versionBits == 3 ? 1 : versionBits == 2 ? 2 : 25
        layer = 4 - layerBits
        let table = version == 1 ? layer - 1 : layer == 1 ? 3 : 4
        bitRate = Self.bitRates[table][rateIndex - 1] * 1000
        let base = [44100, 48000, 32000][sampleRateIndex]
        sampleRate = version == 1 ? base : version == 2 ? base / 2 : base / 4
        padding = b2 & 2 != 0
        channelMode = Int(b3 >> 6)
    }

    /// Samples per channel in one frame.
    var samplesPerFrame: Int {
        switch layer {
        case 1: 384
        case 2: 1152
        default: version == 1 ? 1152 : 576
        }
    }

    /// The frame's length in bytes, header included.
    var length: Int {
        switch layer {
        case 1: (12 * bitRate / sampleRate + (padding ? 1 : 0)) * 4
        case 2: 144 * bitRate / sampleRate + (padding ? 1 : 0)
        default: (version == 1 ? 144 : 72) * bitRate / sampleRate + (padding ? 1 : 0)
        }
    }

    var channels: Int { channelMode == 3 ? 1 : 2 }

    /// Where a Xing/Info header would start: after the header and the layer III side information.
    var xingOffset: Int {
        4 + (version == 1 ? (channels == 1 ? 17 : 32) : (channels == 1 ? 9 : 17))
    }

    /// ffprobe's codec name: mp1, mp2 or mp3.
    var codecName: String { "mp\(layer)" }

    /// "MPEG-1 Layer III" and the like.
    var variantName: String {
        "MPEG-\(version == 25 ? "2.5" : String(version)) Layer \(["I", "II", "III"][layer - 1])"
    }

    /// True when `other` can belong to the same stream (same version, layer and sample rate).
    func isCompatible(with other: MPEGAudioFrameHeader) -> Bool {
        version == other.version && layer == other.layer && sampleRate == other.sampleRate
    }
}
