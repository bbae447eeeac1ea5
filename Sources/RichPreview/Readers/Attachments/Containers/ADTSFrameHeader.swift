/// The 7-byte (9 with CRC) header of an ADTS frame of raw AAC.
struct ADTSFrameHeader: Equatable {
    /// Shortest possible frame: a header without CRC.
    static let minimumLength = 7
    static let sampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    /// 0 Main, 1 LC, 2 SSR, 3 LTP.
    let profile: Int
    let sampleRateIndex: Int
    /// 0 means the channels are described in the stream; 1–6 are that many; 7 is 8 channels.
    let channelConfiguration: Int
    /// Frame length in bytes, header included.
    let length: Int
    /// Raw data blocks in the frame, each 1024 samples.
    let blocks: Int
    let hasCRC: Bool

    /// Parses the header at `offset` of `bytes`; nil unless the sync word, layer and sample rate
    /// index are valid and the length covers the header.
    init?(_ bytes: [UInt8], at offset: Int = 0) {
        guard offset >= 0, offset <= bytes.count - 7 else { return nil }
        let b = { (index: Int) in Int(bytes[offset + index]) }
        guard b(0) == 0xFF, b(1) & 0xF6 == 0xF0 else { return nil }
        hasCRC = b(1) & 1 == 0
        profile = b(2) >> 6
        sampleRateIndex = (b(2) >> 2) & 0xF
        channelConfiguration = (b(2) & 1) << 2 | b(3) >> 6
        length = (b(3) & 3) << 11 | b(4) << 3 | b(5) >> 5
        blocks = (b(6) & 3) + 1
        guard sampleRateIndex < Self.sampleRates.count, length >= (hasCRC ? 9 : 7) else { return nil }
    }

    var sampleRate: Int { Self.sampleRates[sampleRateIndex] }

    /// Channel count, nil when the stream describes it in a program config element.
    var channels: Int? {
        switch channelConfiguration {
        case 0: nil
        case 7: 8
        default: channelConfiguration
        }
    }

    var profileName: String { ["AAC Main", "AAC LC", "AAC SSR", "AAC LTP"][profile] }

    /// True when `other` can belong to the same stream.
    func isCompatible(with other: ADTSFrameHeader) -> Bool {
        sampleRateIndex == other.sampleRateIndex && channelConfiguration == other.channelConfiguration
            && profile == other.profile
    }
}
