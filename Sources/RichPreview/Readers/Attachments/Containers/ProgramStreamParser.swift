/// Reads an MPEG-1 system stream or MPEG-2 program stream without walking all of a large file:
/// the start and the end (`edgeWindowBytes` each; a file up to twice that is walked whole) are
/// walked packet by packet. The video sequence header gives the picture size, frame rate and codec;
/// the first audio frame header the audio facts. The duration runs from the earliest presentation
/// time stamp to the end of the last picture or audio frame (its time stamp plus the frames after
/// it, counted in the payload) found at either end, as ffprobe measures it.
///
/// A program stream declares no total, so a file cut at a packet boundary is whole; a packet cut
/// by the end of the file is a truncation. The middle of a large file is not checked.
enum ProgramStreamParser {
    /// Most candidate pack headers tried when looking for where to start walking the end of a file.
    static let maxResyncCandidates = 32
    static let clockRate = 90_000.0

    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let window = reader.limits.edgeWindowBytes
        let head: ProgramStreamWalk
        let tail: ProgramStreamWalk
        if reader.size / 2 <= window {
            let bytes = try reader.large(at: 0, count: reader.size)
            try checkStart(bytes, size: reader.size)
            head = try ProgramStreamWalk(
                bytes, base: 0, from: 0, fileSize: reader.size, mustReachEnd: true, reader: reader)
            tail = head
        } else {
            let headBytes = try reader.large(at: 0, count: window)
            try checkStart(headBytes, size: reader.size)
            head = try ProgramStreamWalk(
                headBytes, base: 0, from: 0, fileSize: reader.size, mustReachEnd: false, reader: reader)
            tail = try walkEnd(reader, window: window)
        }

        var facts = MediaFacts(format: .mpeg)
        facts.variant = head.isMPEG2 ? "MPEG-2 program stream" : "MPEG-1 system stream"
        let order = head.order + tail.order
        let videoID = order.first { (0xE0...0xEF).contains($0) }
        let audioID = order.first { (0xC0...0xDF).contains($0) }
        var sequence: MPEGVideoSequence?
        if let videoID, let video = head.streams[videoID] ?? tail.streams[videoID] {
            sequence = MPEGVideoScan(video.bytes).sequence
            guard let sequence, let rate = sequence.frameRate, sequence.width > 0, sequence.height > 0 else {
                throw .missing(
                    structure: "MPEG video sequence header",
                    consequence: "the video stream's picture size and frame rate are unknown")
            }
            facts.hasVideo = true
            facts.codec = sequence.codecName
            facts.width = sequence.width
            facts.height = sequence.height
            facts.frameRate = rate
        }
        var audioHeader: MPEGAudioFrameHeader?
        if let audioID, let audio = head.streams[audioID] ?? tail.streams[audioID] {
            guard let found = firstAudioHeader(audio.bytes, from: 0, to: audio.bytes.count, like: nil) else {
                throw .noFrameHeader(offset: 0, searched: audio.bytes.count)
            }
            audioHeader = found.header
            facts.hasAudio = true
            facts.audioCodec = found.header.codecName
            facts.sampleRate = found.header.sampleRate
            facts.channels = found.header.channels
        } else if let substream = head.privateSubstream ?? tail.privateSubstream,
            let codec = privateStreamCodec(substream)
        {
            facts.hasAudio = true
            facts.audioCodec = codec
        }
        facts.codec = facts.codec ?? facts.audioCodec
        guard facts.hasVideo || facts.hasAudio else {
            throw .missing(
                structure: "audio or video packet", consequence: "the program stream carries no audio or video")
        }

        // Times in seconds from the head's first time stamp (differences taken modulo 2^33).
        guard let origin = firstStamp(head, ids: [videoID, audioID]) ?? firstStamp(tail, ids: [videoID, audioID]) else {
            facts.duration = clockDuration(head: head, tail: tail)
            return facts
        }
        var starts: [Double] = []
        var ends: [Double] = []
        if let videoID, let sequence, let rate = sequence.frameRate {
            for walk in [head, tail] {
                if let video = walk.streams[videoID], let start = videoTimes(video, rate: rate, origin: origin).start {
                    starts.append(start)
                }
            }
            for walk in [head, tail] {
                if let video = walk.streams[videoID], let end = videoTimes(video, rate: rate, origin: origin).end {
                    ends.append(end)
                }
            }
        }
        if let audioID, let audioHeader {
            for walk in [head, tail] {
                if let audio = walk.streams[audioID],
                    let start = audioTimes(audio, like: audioHeader, origin: origin).start
                {
                    starts.append(start)
                }
            }
            for walk in [head, tail] {
                if let audio = walk.streams[audioID], let end = audioTimes(audio, like: audioHeader, origin: origin).end
                {
                    ends.append(end)
                }
            }
        }
        guard let start = starts.min(), let end = ends.max() else {
            throw .missing(
                structure: "picture or audio frame", consequence: "the program stream holds no whole picture or frame")
        }
        facts.duration = max(0, end - start)
        return facts
    }

    private static func checkStart(_ bytes: [UInt8], size: Int) throws(ContainerError) {
        guard bytes.count >= 4 else {
            throw .truncated(structure: "pack header", offset: 0, declaredEnd: 12, fileSize: size)
        }
        guard bytes[0] == 0, bytes[1] == 0, bytes[2] == 1, bytes[3] == 0xBA else {
            throw .wrongFormat(expected: .mpeg, found: "the file does not start with a pack header (00 00 01 BA)")
        }
    }

    /// Walks the last `window` bytes from the first pack header that leads, packet by packet, to the
    /// end of the file.
    private static func walkEnd(_ reader: ContainerReader, window: Int) throws(ContainerError) -> ProgramStreamWalk {
        let base = reader.size - window
        let bytes = try reader.large(at: base, count: window)
        var failure: (reached: Int, error: ContainerError)?
        var candidates = 0
        var index = 0
        while index + 3 < bytes.count, candidates < maxResyncCandidates {
            defer { index += 1 }
            guard bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1, bytes[index + 3] == 0xBA else {
                continue
            }
            candidates += 1
            do {
                return try ProgramStreamWalk(
                    bytes, base: base, from: index, fileSize: reader.size, mustReachEnd: true, reader: reader)
            } catch {
                let reached = error.offset ?? base + index
                if failure == nil || reached > failure?.reached ?? 0 { failure = (reached, error) }
            }
        }
        if let failure { throw failure.error }
        throw .missing(
            structure: "pack header in the last \(window) bytes",
            consequence: "the end of the program stream cannot be found")
    }

    /// The first presentation time stamp in the head of the video or audio stream.
    private static func firstStamp(_ walk: ProgramStreamWalk, ids: [UInt8?]) -> Int64? {
        ids.compactMap { $0 }.compactMap { walk.streams[$0]?.segments.first { $0.presentation != nil }?.presentation }
            .first
    }

    /// Seconds from `origin` to `stamp`, taking the difference modulo 2^33 as signed.
    private static func seconds(_ stamp: Int64, from origin: Int64) -> Double {
        var difference = (stamp - origin) & 0x1_FFFF_FFFF
        if difference > 0xFFFF_FFFF { difference -= 0x2_0000_0000 }
        return Double(difference) / clockRate
    }

    /// The first stamped picture's presentation time, and the end of the last picture: the last
    /// stamped picture's decoding time plus the reorder delay (PTS − DTS) plus one frame for it and
    /// each picture after it.
    private static func videoTimes(_ stream: ProgramStreamWalk.Stream, rate: Double, origin: Int64)
        -> (start: Double?, end: Double?)
    {
        let pictures = MPEGVideoScan(stream.bytes).pictures
        var start: Double?
        var end: Double?
        var next = 0
        for (index, segment) in stream.segments.enumerated() {
            guard let presentation = segment.presentation else { continue }
            let limit = index + 1 < stream.segments.count ? stream.segments[index + 1].offset : stream.bytes.count
            while next < pictures.count, pictures[next] < segment.offset { next += 1 }
            guard next < pictures.count, pictures[next] < limit else { continue }
            let decoding = segment.decoding ?? presentation
            if start == nil { start = seconds(presentation, from: origin) }
            let following = Double(pictures.count - next)
            end = seconds(decoding, from: origin) + seconds(presentation, from: decoding) + following / rate
        }
        return (start, end)
    }

    /// The first stamped audio frame's time, and the end of the last whole frame: the last stamped
    /// frame's time plus one frame duration for it and each whole frame after it.
    private static func audioTimes(
        _ stream: ProgramStreamWalk.Stream, like reference: MPEGAudioFrameHeader, origin: Int64
    )
        -> (start: Double?, end: Double?)
    {
        let frameSeconds = Double(reference.samplesPerFrame) / Double(reference.sampleRate)
        var start: Double?
        var last: (time: Double, position: Int)?
        for (index, segment) in stream.segments.enumerated() {
            guard let presentation = segment.presentation else { continue }
            let limit = index + 1 < stream.segments.count ? stream.segments[index + 1].offset : stream.bytes.count
            guard let found = firstAudioHeader(stream.bytes, from: segment.offset, to: limit, like: reference) else {
                continue
            }
            let time = seconds(presentation, from: origin)
            if start == nil { start = time }
            last = (time, found.position)
        }
        guard let last else { return (start, nil) }
        var frames = 0
        var position = last.position
        while let header = MPEGAudioFrameHeader(stream.bytes, at: position), header.isCompatible(with: reference),
            position + header.length <= stream.bytes.count
        {
            frames += 1
            position += header.length
        }
        return (start, last.time + Double(frames) * frameSeconds)
    }

    /// The first MPEG audio frame header starting in `bytes[from..<to]` that is followed by another
    /// (or by the end of the bytes), like `reference` when given.
    static func firstAudioHeader(_ bytes: [UInt8], from: Int, to: Int, like reference: MPEGAudioFrameHeader?)
        -> (position: Int, header: MPEGAudioFrameHeader)?
    {
        var position = from
        while position < min(to, bytes.count) {
            defer { position += 1 }
            guard bytes[position] == 0xFF, let header = MPEGAudioFrameHeader(bytes, at: position) else { continue }
            if let reference, !header.isCompatible(with: reference) { continue }
            let next = position + header.length
            if next >= bytes.count - 3
                || MPEGAudioFrameHeader(bytes, at: next).map({ $0.isCompatible(with: header) }) == true
            {
                return (position, header)
            }
        }
        return nil
    }

    /// Without time stamps: the span of the system clock references, when there are two.
    private static func clockDuration(head: ProgramStreamWalk, tail: ProgramStreamWalk) -> Double? {
        guard let first = head.firstClockReference, let last = tail.lastClockReference, last != first else {
            return nil
        }
        return abs(seconds(last, from: first))
    }

    /// The codec of a DVD private stream 1 sub-stream.
    static func privateStreamCodec(_ substream: UInt8) -> String? {
        switch substream {
        case 0x80...0x87: "ac3"
        case 0x88...0x8F: "dts"
        case 0xA0...0xA7: "pcm_dvd"
        default: nil
        }
    }
}
