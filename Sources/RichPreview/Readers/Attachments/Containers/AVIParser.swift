/// Reads an AVI file: walks the RIFF `AVI ` chunk (and OpenDML `AVIX` extensions), reads the
/// `hdrl` list (`avih`; each stream's `strh` and `strf`; OpenDML `dmlh`) into memory, and checks that
/// every top-level chunk, the `movi` list included, is whole.
///
/// Duration is the longest stream's length × scale ÷ rate (from `strh`, or `dmlh` for OpenDML video),
/// falling back on `avih`'s total frames × microseconds per frame.
enum AVIParser {
    /// A stream header and format, as `strh` and `strf` give them.
    struct StreamInfo {
        var type: String
        var handler: String
        var scale: Int
        var rate: Int
        var length: Int
        var format: [UInt8]
    }

    static func parse(_ reader: ContainerReader) throws(ContainerError) -> MediaFacts {
        let header = try reader.bytes(at: 0, count: 12)
        guard header.count == 12 else {
            throw .truncated(structure: "RIFF header", offset: 0, declaredEnd: 12, fileSize: reader.size)
        }
        guard header.hasASCII("RIFF", at: 0), header.hasASCII("AVI ", at: 8) else {
            throw .wrongFormat(expected: .avi, found: "the file does not start with RIFF ... AVI")
        }
        let riffEnd = 8 + header.uint32LE(4)
        var headerList: [UInt8]?
        var headerListOffset = 0
        var hasMovieList = false
        var isOpenDML = false
        var offset = 12
        while offset < min(riffEnd, reader.size) {
            try reader.visit()
            let chunkHeader = try reader.bytes(at: offset, count: 12)
            guard chunkHeader.count >= 8 else {
                throw .truncated(
                    structure: "chunk header", offset: offset, declaredEnd: offset + 8, fileSize: reader.size)
            }
            let id = chunkHeader.fourCC(0)
            let size = chunkHeader.uint32LE(4)
            let listType = id == "LIST" && chunkHeader.count == 12 ? chunkHeader.fourCC(8) : nil
            let name = listType.map { "'\($0)' list" } ?? "'\(id)' chunk"
            let end = offset + 8 + size
            guard end <= reader.size else {
                throw .truncated(structure: name, offset: offset, declaredEnd: end, fileSize: reader.size)
            }
            switch listType {
            case "hdrl" where headerList == nil:
                guard size <= reader.limits.maxHeaderBytes else {
                    throw .overLimit(what: "'hdrl' list size, in bytes", limit: reader.limits.maxHeaderBytes)
                }
                headerList = try reader.large(at: offset, count: 8 + size)
                headerListOffset = offset
            case "movi":
                hasMovieList = true
            default:
                break
            }
            offset = end + (size & 1)
        }
        if riffEnd > reader.size {
            throw .truncated(structure: "RIFF chunk", offset: 0, declaredEnd: riffEnd, fileSize: reader.size)
        }
        // OpenDML files continue in further RIFF 'AVIX' chunks.
        offset = riffEnd + (riffEnd & 1)
        while offset < reader.size {
            let extensionHeader = try reader.bytes(at: offset, count: 12)
            guard extensionHeader.hasASCII("RIFF", at: 0) else { break }
            try reader.visit()
            let end = offset + 8 + extensionHeader.uint32LE(4)
            guard extensionHeader.count == 12, end <= reader.size else {
                throw .truncated(
                    structure: "'AVIX' RIFF chunk", offset: offset, declaredEnd: end, fileSize: reader.size)
            }
            isOpenDML = true
            offset = end + (end & 1)
        }
        guard let headerList else {
            throw .missing(structure: "'hdrl' list", consequence: "the file has no AVI header")
        }
        guard hasMovieList else {
            throw .missing(structure: "'movi' list", consequence: "the file has no audio or video data")
        }

        let top = try RIFFChunk.children(
            of: "hdrl", in: headerList, from: 12, to: headerList.count, base: headerListOffset, depth: 1, reader: reader
        )
        guard let mainHeader = top.first(where: { $0.id == "avih" }), mainHeader.end - mainHeader.payload >= 40 else {
            throw .missing(structure: "'avih' chunk", consequence: "the file has no main AVI header")
        }
        var streams: [StreamInfo] = []
        var openDMLFrames = 0
        for list in top where list.id == "LIST" {
            let children = try RIFFChunk.children(
                of: list.listType ?? "LIST", in: headerList, from: list.payload, to: list.end, base: headerListOffset,
                depth: 2, reader: reader)
            if list.listType == "odml", let dmlh = children.first(where: { $0.id == "dmlh" }) {
                openDMLFrames = headerList.uint32LE(dmlh.payload)
                isOpenDML = true
            }
            guard list.listType == "strl", let strh = children.first(where: { $0.id == "strh" }),
                strh.end - strh.payload >= 36
            else { continue }
            let format = children.first { $0.id == "strf" }.map { Array(headerList[$0.payload..<$0.end]) } ?? []
            let fields = strh.payload
            streams.append(
                StreamInfo(
                    type: headerList.fourCC(fields), handler: headerList.fourCC(fields + 4),
                    scale: headerList.uint32LE(fields + 20), rate: headerList.uint32LE(fields + 24),
                    length: headerList.uint32LE(fields + 32), format: format))
        }

        var facts = MediaFacts(format: .avi)
        facts.variant = isOpenDML ? "OpenDML" : nil
        let microsecondsPerFrame = headerList.uint32LE(mainHeader.payload)
        let totalFrames = headerList.uint32LE(mainHeader.payload + 16)
        var durations: [Double] = []
        if let video = streams.first(where: { $0.type == "vids" }) {
            facts.hasVideo = true
            let fourCC = video.format.count >= 20 ? video.format.fourCC(16) : video.handler
            facts.codecTag = fourCC
            facts.codec = videoCodecName(fourCC) ?? videoCodecName(video.handler)
            if video.format.count >= 12 {
                facts.width = Int(Int32(truncatingIfNeeded: video.format.uint32LE(4)).magnitude)
                facts.height = Int(Int32(truncatingIfNeeded: video.format.uint32LE(8)).magnitude)
            } else {
                facts.width = headerList.uint32LE(mainHeader.payload + 32)
                facts.height = headerList.uint32LE(mainHeader.payload + 36)
            }
            if video.rate > 0, video.scale > 0 {
                facts.frameRate = Double(video.rate) / Double(video.scale)
                durations.append(Double(max(video.length, openDMLFrames)) * Double(video.scale) / Double(video.rate))
            }
        }
        if let audio = streams.first(where: { $0.type == "auds" }) {
            facts.hasAudio = true
            if let format = WaveFormat(audio.format) {
                facts.audioCodec = format.codecName
                facts.sampleRate = format.sampleRate
                facts.channels = format.channels
                facts.bitsPerSample = format.isPCM && format.bitsPerSample > 0 ? format.bitsPerSample : nil
            }
            if audio.rate > 0, audio.scale > 0 {
                durations.append(Double(audio.length) * Double(audio.scale) / Double(audio.rate))
            }
        }
        facts.codec = facts.codec ?? facts.audioCodec
        facts.duration =
            durations.max() ?? (totalFrames > 0 ? Double(totalFrames) * Double(microsecondsPerFrame) / 1e6 : nil)
        return facts
    }

    /// ffprobe's codec name for an AVI video fourcc (compression or handler).
    static func videoCodecName(_ fourCC: String) -> String? {
        switch fourCC.uppercased() {
        case "FMP4", "XVID", "DIVX", "DX50", "MP4V", "M4S2", "3IV2", "RMP4": "mpeg4"
        case "MJPG", "AVRN", "LJPG", "JPGL", "AVDJ": "mjpeg"
        case "H264", "X264", "AVC1", "DAVC", "VSSH": "h264"
        case "HEVC", "H265", "HVC1", "HEV1", "X265": "hevc"
        case "MPG1", "PIM1": "mpeg1video"
        case "MPG2", "MPEG", "MMES", "PIM2", "EM2V": "mpeg2video"
        case "DIV3", "MP43", "DIV4": "msmpeg4v3"
        case "MP42", "DIV2": "msmpeg4v2"
        case "WMV3": "wmv3"
        case "VP80": "vp8"
        case "VP90": "vp9"
        case "CVID": "cinepak"
        case "DIB ", "RGB ", "0x00000000": "rawvideo"
        default: nil
        }
    }
}
