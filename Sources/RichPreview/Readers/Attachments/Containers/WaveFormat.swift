/// A `WAVEFORMATEX` (and `WAVEFORMATEXTENSIBLE`) structure, as in a WAV `fmt ` chunk or an AVI
/// audio stream's `strf` chunk.
struct WaveFormat: Equatable {
    static let extensibleTag = 0xFFFE

    /// The format tag, or for `WAVE_FORMAT_EXTENSIBLE` the tag inside its sub-format GUID.
    let formatTag: Int
    let isExtensible: Bool
    let channels: Int
    let sampleRate: Int
    let byteRate: Int
    let blockAlign: Int
    let bitsPerSample: Int

    /// Parses `bytes` (the chunk's payload); nil when shorter than the 14-byte `WAVEFORMAT`.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 14 else { return nil }
        let tag = bytes.uint16LE(0)
        isExtensible = tag == Self.extensibleTag && bytes.count >= 40 && bytes.uint16LE(16) >= 22
        formatTag = isExtensible ? bytes.uint16LE(24) : tag
        channels = bytes.uint16LE(2)
        sampleRate = bytes.uint32LE(4)
        byteRate = bytes.uint32LE(8)
        blockAlign = bytes.uint16LE(12)
        bitsPerSample = bytes.count >= 16 ? bytes.uint16LE(14) : 0
    }

    /// True for linear PCM, float, A-law and µ-law: one block per sample frame.
    var isPCM: Bool { [1, 3, 6, 7].contains(formatTag) }

    /// The tag as stored, for `MediaFacts.codecTag`.
    var tagText: String { "0x" + String(formatTag, radix: 16, uppercase: true).leftPadded(to: 4) }

    /// ffprobe's codec name for the tag; nil for tags without one here.
    var codecName: String? {
        switch formatTag {
        case 1:
            switch bitsPerSample {
            case 8: "pcm_u8"
            case 16: "pcm_s16le"
            case 24: "pcm_s24le"
            case 32: "pcm_s32le"
            case 64: "pcm_s64le"
            default: nil
            }
        case 3: bitsPerSample == 64 ? "pcm_f64le" : "pcm_f32le"
        case 2: "adpcm_ms"
        case 6: "pcm_alaw"
        case 7: "pcm_mulaw"
        case 0x11: "adpcm_ima_wav"
        case 0x31: "gsm_ms"
        case 0x50: "mp2"
        case 0x55: "mp3"
        case 0xFF, 0x1610, 0x706D: "aac"
        case 0x2000: "ac3"
        case 0xF1AC: "flac"
        default: nil
        }
    }
}
