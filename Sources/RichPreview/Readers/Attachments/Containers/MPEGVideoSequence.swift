/// An MPEG-1/2 video sequence header (00 00 01 B3) and, for MPEG-2, its sequence extension.
struct MPEGVideoSequence: Equatable {
    static let frameRates: [Double] = [24000 / 1001, 24, 25, 30000 / 1001, 30, 50, 60000 / 1001, 60]

    var width: Int
    var height: Int
    var frameRateCode: Int
    /// True when a sequence extension follows: the stream is MPEG-2 video.
    var isMPEG2 = false
    var isProgressive = true
    var frameRateNumerator = 0
    var frameRateDenominator = 0

    /// Parses the 8 bytes after the start code at `position` (which points at 00 00 01 B3).
    init?(_ bytes: [UInt8], at position: Int) {
        guard position + 12 <= bytes.count else { return nil }
        let fields = position + 4
        width = bytes.uint8(fields) << 4 | bytes.uint8(fields + 1) >> 4
        height = (bytes.uint8(fields + 1) & 0xF) << 8 | bytes.uint8(fields + 2)
        frameRateCode = bytes.uint8(fields + 3) & 0xF
    }

    /// Applies the sequence extension whose start code is at `position` (00 00 01 B5, id 1).
    mutating func applyExtension(_ bytes: [UInt8], at position: Int) {
        let fields = position + 4
        guard fields + 6 <= bytes.count else { return }
        isMPEG2 = true
        isProgressive = (bytes.uint8(fields + 1) >> 3) & 1 == 1
        width |= ((bytes.uint8(fields + 1) & 1) << 1 | bytes.uint8(fields + 2) >> 7) << 12
        height |= ((bytes.uint8(fields + 2) >> 5) & 3) << 12
        frameRateNumerator = (bytes.uint8(fields + 5) >> 5) & 3
        frameRateDenominator = bytes.uint8(fields + 5) & 0x1F
    }

    /// Frames per second; nil for a reserved frame rate code.
    var frameRate: Double? {
        guard (1...8).contains(frameRateCode) else { return nil }
        return Self.frameRates[frameRateCode - 1] * Double(frameRateNumerator + 1) / Double(frameRateDenominator + 1)
    }

    var codecName: String { isMPEG2 ? "mpeg2video" : "mpeg1video" }

    /// Macroblock rows a picture of `structure` (3 frame, 1 or 2 field) must have slices for.
    func macroblockRows(pictureStructure: Int) -> Int {
        if pictureStructure != 3 { return (height + 31) / 32 }
        return isMPEG2 && !isProgressive ? 2 * ((height + 31) / 32) : (height + 15) / 16
    }
}
