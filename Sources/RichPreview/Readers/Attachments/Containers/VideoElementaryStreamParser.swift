/// Reads an MPEG-1/2 video elementary stream (`.m2v`, `.m1v`): the sequence header for the picture
/// size, frame rate and codec, and the pictures for the duration (pictures ÷ frame rate).
///
/// The stream declares no total, so it is whole when it ends with a sequence end code or when its
/// last picture has a slice in its bottom macroblock row; a picture or header cut by the end of the
/// file is a truncation. A file over twice `edgeWindowBytes` is read at its start and end only; its
/// duration then comes from the first and last group-of-pictures time codes (nil without them).
enum VideoElementaryStreamParser {
    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let window = reader.limits.edgeWindowBytes
        let isWhole = reader.size / 2 <= window
        let headBytes = try reader.large(at: 0, count: isWhole ? reader.size : window)
        guard headBytes.count >= 4 else {
            throw .truncated(structure: "MPEG video sequence header", offset: 0, declaredEnd: 12, fileSize: reader.size)
        }
        guard headBytes[0] == 0, headBytes[1] == 0, headBytes[2] == 1, headBytes[3] == 0xB3 else {
            throw .wrongFormat(expected: .m2v, found: "the file does not start with a sequence header (00 00 01 B3)")
        }
        let head = MPEGVideoScan(headBytes)
        guard let sequence = head.sequence, head.sequencePosition == 0 else {
            throw .truncated(structure: "MPEG video sequence header", offset: 0, declaredEnd: 12, fileSize: reader.size)
        }
        guard let rate = sequence.frameRate, sequence.width > 0, sequence.height > 0 else {
            throw .invalid(
                structure: "MPEG video sequence header", offset: 0,
                reason: "\(sequence.width)×\(sequence.height) at frame rate code \(sequence.frameRateCode)")
        }
        let tailBase = isWhole ? 0 : reader.size - window
        let tail = isWhole ? head : MPEGVideoScan(try reader.large(at: tailBase, count: window))
        if let cut = tail.cutHeader {
            throw .truncated(
                structure: cut.name, offset: tailBase + cut.position, declaredEnd: tailBase + cut.position + cut.length,
                fileSize: reader.size)
        }
        guard let lastPicture = tail.pictures.last else {
            throw .missing(structure: "MPEG video picture", consequence: "the stream holds no picture")
        }
        guard tail.lastPictureIsWhole(sequence) else {
            throw .truncated(
                structure: "MPEG video picture", offset: tailBase + lastPicture, declaredEnd: nil, fileSize: reader.size
            )
        }

        var facts = MediaFacts(format: .m2v)
        facts.hasVideo = true
        facts.codec = sequence.codecName
        facts.width = sequence.width
        facts.height = sequence.height
        facts.frameRate = rate
        if isWhole {
            facts.duration = Double(head.pictures.count) / rate
        } else if let first = head.firstTimeCode, let last = tail.lastTimeCode {
            let roundedRate = Int(rate.rounded())
            let after = tail.pictures.filter { $0 > last.position }.count
            let frames = last.frames(atRate: roundedRate) - first.frames(atRate: roundedRate) + after
            facts.duration = frames > 0 ? Double(frames) / rate : nil
        }
        return facts
    }
}
