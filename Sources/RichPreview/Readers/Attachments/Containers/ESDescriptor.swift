/// The parts of an MPEG-4 elementary stream descriptor (`esds` box) that name the codec: the
/// decoder config's object type and the AAC AudioSpecificConfig's sample rate and channels.
struct ESDescriptor {
    /// The `objectTypeIndication` (0x40 MPEG-4 audio, 0x6B MPEG-1 audio, 0x20 MPEG-4 visual ...).
    var objectType: Int?
    /// From the AudioSpecificConfig, when the object type is audio.
    var sampleRate: Int?
    var channels: Int?

    /// Parses the payload of an `esds` box (`bytes[from..<to]`, version and flags first). Damaged
    /// descriptors give empty fields, never an error: the codec then falls back to the entry type.
    init(_ bytes: [UInt8], from: Int, to: Int) {
        let data = bytes.clamped(from..<to)
        var position = 4
        func descriptor(tag: Int) -> Int? {
            guard data.uint8(position) == tag else { return nil }
            position += 1
            var length = 0
            for _ in 0..<4 {
                guard position < data.count else { return nil }
                let byte = Int(data[position])
                position += 1
                length = length << 7 | byte & 0x7F
                if byte & 0x80 == 0 { break }
            }
            return position + length <= data.count ? length : nil
        }
        guard descriptor(tag: 0x03) != nil else { return }
        let flags = data.uint8(position + 2)
        position += 3
        if flags & 0x80 != 0 { position += 2 }
        if flags & 0x40 != 0 { position += 1 + data.uint8(position) }
        if flags & 0x20 != 0 { position += 2 }
        guard descriptor(tag: 0x04) != nil, position < data.count else { return }
        objectType = data.uint8(position)
        position += 13
        guard let length = descriptor(tag: 0x05), length >= 2 else { return }
        readAudioSpecificConfig(data.clamped(position..<position + length))
    }

    /// Reads the object type, sampling frequency (index or explicit) and channel configuration.
    private mutating func readAudioSpecificConfig(_ config: [UInt8]) {
        var bitPosition = 0
        func bits(_ count: Int) -> Int {
            var value = 0
            for _ in 0..<count {
                let byte = config.uint8(bitPosition / 8)
                value = value << 1 | (byte >> (7 - bitPosition % 8)) & 1
                bitPosition += 1
            }
            return value
        }
        var audioObjectType = bits(5)
        if audioObjectType == 31 { audioObjectType = 32 + bits(6) }
        let frequencyIndex = bits(4)
        let frequency =
            frequencyIndex == 15
            ? bits(24)
            : ADTSFrameHeader.sampleRates.indices.contains(frequencyIndex)
                ? ADTSFrameHeader.sampleRates[frequencyIndex] : 0
        let channelConfiguration = bits(4)
        guard bitPosition <= config.count * 8 else { return }
        sampleRate = frequency > 0 ? frequency : nil
        channels = (1...6).contains(channelConfiguration) ? channelConfiguration : channelConfiguration == 7 ? 8 : nil
    }

    /// ffprobe's codec name for an object type.
    static func codecName(objectType: Int) -> String? {
        switch objectType {
        case 0x40, 0x66, 0x67, 0x68: "aac"
        case 0x69, 0x6B: "mp3"
        case 0x20: "mpeg4"
        case 0x21: "h264"
        case 0x23: "hevc"
        case 0x60...0x65: "mpeg2video"
        case 0x6A: "mpeg1video"
        case 0x6C: "mjpeg"
        case 0xA5: "ac3"
        case 0xA6: "eac3"
        case 0xA9: "dts"
        case 0xAD: "opus"
        case 0xDD: "vorbis"
        default: nil
        }
    }
}
