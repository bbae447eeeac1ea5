/// What the start codes of an MPEG-1/2 video elementary stream say: the first sequence header,
/// where pictures start, the first and last group-of-pictures time codes, and how the stream ends.
struct MPEGVideoScan {
    /// A group-of-pictures header: where it is and its time code in frames (at `roundedRate`).
    struct TimeCode {
        var position: Int
        var hours: Int
        var minutes: Int
        var seconds: Int
        var pictures: Int

        func frames(atRate rate: Int) -> Int { ((hours * 60 + minutes) * 60 + seconds) * rate + pictures }
    }

    var sequence: MPEGVideoSequence?
    var sequencePosition: Int?
    /// Positions of picture start codes (00 00 01 00).
    var pictures: [Int] = []
    var firstTimeCode: TimeCode?
    var lastTimeCode: TimeCode?
    /// Highest slice vertical position after the last picture start code.
    var lastPictureSliceRow = 0
    /// The last picture's picture_structure (3 frame, 1/2 field).
    var lastPictureStructure = 3
    /// True when the last start code is a sequence end code (00 00 01 B7).
    var endsWithSequenceEnd = false
    /// A start code at the end of the data whose fixed fields are cut: (position, name, bytes needed).
    var cutHeader: (position: Int, name: String, length: Int)?

    /// Scans `bytes` for start codes.
    init(_ bytes: [UInt8]) {
        var index = 0
        let count = bytes.count
        while index + 3 < count {
            if bytes[index + 2] > 1 {
                index += 3
                continue
            }
            guard bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 else {
                index += 1
                continue
            }
            record(code: bytes[index + 3], at: index, in: bytes)
            index += 4
        }
        if count >= 3, bytes[(count - 3)...] == [0, 0, 1] {
            cutHeader = (count - 3, "start code", 4)
        }
    }

    private mutating func record(code: UInt8, at position: Int, in bytes: [UInt8]) {
        endsWithSequenceEnd = code == 0xB7
        func needs(_ length: Int, _ name: String) -> Bool {
            if position + 4 + length <= bytes.count {
                if cutHeader?.position ?? -1 < position { cutHeader = nil }
                return true
            }
            cutHeader = (position, name, 4 + length)
            return false
        }
        switch code {
        case 0xB3:
            guard needs(8, "MPEG video sequence header") else { return }
            if sequence == nil {
                sequence = MPEGVideoSequence(bytes, at: position)
                sequencePosition = position
            }
        case 0xB5:
            let identifier = bytes.uint8(position + 4) >> 4
            if identifier == 1 {
                guard needs(6, "MPEG-2 sequence extension") else { return }
                if sequence?.isMPEG2 == false, pictures.isEmpty { sequence?.applyExtension(bytes, at: position) }
            } else if identifier == 8 {
                guard needs(5, "MPEG-2 picture coding extension") else { return }
                lastPictureStructure = bytes.uint8(position + 6) & 3
            }
        case 0xB8:
            guard needs(4, "group of pictures header") else { return }
            let value = bytes.uint32BE(position + 4) >> 7
            let timeCode = TimeCode(
                position: position, hours: (value >> 19) & 0x1F, minutes: (value >> 13) & 0x3F,
                seconds: (value >> 6) & 0x3F, pictures: value & 0x3F)
            if firstTimeCode == nil { firstTimeCode = timeCode }
            lastTimeCode = timeCode
        case 0x00:
            guard needs(4, "MPEG video picture header") else { return }
            pictures.append(position)
            lastPictureSliceRow = 0
            lastPictureStructure = 3
        case 0x01...0xAF:
            lastPictureSliceRow = max(lastPictureSliceRow, Int(code))
        default:
            _ = needs(0, "start code")
        }
    }

    /// True when the last picture is known to be whole: the stream ends with a sequence end code,
    /// or the last picture has a slice in its bottom macroblock row (or is taller than slice rows
    /// can number, 2800 lines).
    func lastPictureIsWhole(_ sequence: MPEGVideoSequence) -> Bool {
        if endsWithSequenceEnd { return true }
        if sequence.height > 2800 { return lastPictureSliceRow > 0 }
        return lastPictureSliceRow >= sequence.macroblockRows(pictureStructure: lastPictureStructure)
    }
}
