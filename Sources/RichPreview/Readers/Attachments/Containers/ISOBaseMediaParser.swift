/// Reads an ISO base media file (MP4, M4A, M4V) or a QuickTime movie: walks the top-level boxes by
/// their headers alone (seeking past `mdat`, wherever `moov` is; 64-bit sizes; a size of 0 runs to
/// the end of the file), reads `moov` into memory (up to `maxHeaderBytes`) and its tracks.
///
/// The file is whole when every top-level box ends inside the file, there is one `moov` with an
/// `mvhd`, and every chunk of samples the sample tables point to lies inside the file.
///
/// Format rule: brands `M4A `/`M4B `/`M4P ` are `m4a`, `qt  ` (or no `ftyp`) is `mov`; any other
/// brand is `mp4`, except that a file whose tracks are all audio (no video track) is `m4a`.
enum ISOBaseMediaParser {
    /// Most bytes of an `ftyp` box read (the brands; a longer list is cut).
    static let maxFileTypeBytes = 1024

    static func parse(_ reader: ContainerReader, expected: MediaFormat) throws(ContainerError) -> MediaFacts {
        var fileType: [UInt8]?
        var movie: (offset: Int, size: Int)?
        var firstType: String?
        var isFragmented = false
        var offset = 0
        while offset < reader.size {
            try reader.visit()
            let header = try reader.bytes(at: offset, count: 16)
            guard header.count >= 8 else {
                throw .truncated(
                    structure: "box header", offset: offset, declaredEnd: offset + 8, fileSize: reader.size)
            }
            let type = header.fourCC(4)
            let size32 = header.uint32BE(0)
            var headerSize = 8
            var size = size32
            if size32 == 1 {
                guard header.count == 16 else {
                    throw .truncated(
                        structure: "'\(type)' box header", offset: offset, declaredEnd: offset + 16,
                        fileSize: reader.size)
                }
                headerSize = 16
                let large = header.uint64BE(8)
                guard large <= UInt64(Int.max / 2) else {
                    throw .invalid(
                        structure: "'\(type)' box", offset: offset,
                        reason: "its 64-bit size \(large) is larger than any file")
                }
                size = Int(large)
            } else if size32 == 0 {
                size = reader.size - offset
            }
            guard size >= headerSize else {
                throw .invalid(
                    structure: "'\(type)' box", offset: offset,
                    reason: "its size \(size) is smaller than its \(headerSize)-byte header")
            }
            let end = offset + size
            guard end <= reader.size else {
                throw .truncated(structure: "'\(type)' box", offset: offset, declaredEnd: end, fileSize: reader.size)
            }
            if firstType == nil {
                firstType = type
                guard
                    type == "ftyp" || MediaSniffer.quickTimeLeadingAtoms.union(["uuid", "junk", "PICT"]).contains(type)
                else {
                    throw .wrongFormat(
                        expected: expected, found: "the first box is '\(type)', not 'ftyp' or a movie atom")
                }
            }
            switch type {
            case "ftyp" where fileType == nil:
                fileType = try reader.bytes(at: offset + headerSize, count: min(size - headerSize, maxFileTypeBytes))
            case "moov":
                guard movie == nil else {
                    throw .invalid(structure: "'moov' box", offset: offset, reason: "the file has a second one")
                }
                movie = (offset, size)
            case "moof":
                isFragmented = true
            default:
                break
            }
            offset = end
        }
        guard let movie else {
            throw .missing(structure: "'moov' box", consequence: "the file has no movie header, so nothing can play it")
        }
        guard movie.size <= reader.limits.maxHeaderBytes else {
            throw .overLimit(what: "'moov' box size, in bytes", limit: reader.limits.maxHeaderBytes)
        }
        let bytes = try reader.large(at: movie.offset, count: movie.size)
        guard bytes.count == movie.size else {
            throw .truncated(
                structure: "'moov' box", offset: movie.offset, declaredEnd: movie.offset + movie.size,
                fileSize: movie.offset + bytes.count)
        }
        let moov = try ISOBox.children(
            of: "file", in: bytes, from: 0, to: bytes.count, base: movie.offset, depth: 1, reader: reader)
        guard let root = moov.first else {
            throw .missing(structure: "'moov' box", consequence: "the file has no movie header")
        }
        let movieBoxes = try ISOBox.children(
            of: "moov", in: bytes, from: root.payload, to: root.end, base: movie.offset, depth: 2, reader: reader)
        guard let movieHeader = movieBoxes.first(where: { $0.type == "mvhd" }) else {
            throw .missing(structure: "'mvhd' box", consequence: "the movie has no time scale or duration")
        }
        let version = bytes.uint8(movieHeader.payload)
        guard movieHeader.end - movieHeader.payload >= (version == 1 ? 32 : 20) else {
            throw .invalid(structure: "'mvhd' box", offset: movie.offset + movieHeader.start, reason: "it is too short")
        }
        let timescale = bytes.uint32BE(movieHeader.payload + (version == 1 ? 20 : 12))
        let movieDuration =
            version == 1
            ? bytes.uint64BE(movieHeader.payload + 24) : UInt64(bytes.uint32BE(movieHeader.payload + 16))
        let unknownDuration = version == 1 ? UInt64.max : 0xFFFF_FFFF

        var tracks: [ISOTrack] = []
        for box in movieBoxes where box.type == "trak" {
            tracks.append(
                try ISOTrack(
                    box, index: tracks.count, in: bytes, base: movie.offset, fileSize: reader.size, reader: reader))
        }
        guard !tracks.isEmpty else {
            throw .missing(structure: "'trak' box", consequence: "the movie has no tracks")
        }

        var facts = MediaFacts(format: expected)
        if let fileType, fileType.count >= 4 {
            facts.brand = fileType.fourCC(0)
            facts.compatibleBrands = stride(from: 8, to: fileType.count - 3, by: 4).map { fileType.fourCC($0) }
        }
        let video = tracks.first { $0.handler == "vide" }
        let audio = tracks.first { $0.handler == "soun" }
        facts.hasVideo = video != nil
        facts.hasAudio = audio != nil
        facts.format = format(brand: facts.brand, hasVideo: video != nil, hasAudio: audio != nil)
        if timescale > 0, movieDuration > 0, movieDuration != unknownDuration {
            facts.duration = Double(movieDuration) / Double(timescale)
        } else {
            let durations = tracks.compactMap { track in
                track.timescale > 0 && track.mediaDuration > 0
                    ? Double(track.mediaDuration) / Double(track.timescale) : nil
            }
            facts.duration = durations.max()
        }
        if let video {
            facts.codec = video.entry?.codec
            facts.codecTag = video.entry?.type
            facts.width = video.width > 0 ? video.width : video.entry?.width
            facts.height = video.height > 0 ? video.height : video.entry?.height
            facts.rotation = video.rotation
            if video.dominantDelta > 0, video.timescale > 0 {
                facts.frameRate = Double(video.timescale) / Double(video.dominantDelta)
            }
        }
        if let audio {
            facts.audioCodec = audio.entry?.codec
            facts.sampleRate =
                audio.entry?.sampleRate.flatMap { $0 > 0 ? $0 : nil } ?? (audio.timescale > 0 ? audio.timescale : nil)
            facts.channels = audio.entry?.channels.flatMap { $0 > 0 ? $0 : nil }
            facts.bitsPerSample = facts.audioCodec?.hasPrefix("pcm_") == true ? audio.entry?.bitsPerSample : nil
            if video == nil {
                facts.codec = facts.audioCodec
                facts.codecTag = audio.entry?.type
            }
        }
        facts.variant = isFragmented ? "fragmented" : nil
        return facts
    }

    /// The format by the rule in the type's documentation.
    static func format(brand: String?, hasVideo: Bool, hasAudio: Bool) -> MediaFormat {
        guard let brand else { return .mov }
        if MediaSniffer.audioBrands.contains(brand) { return .m4a }
        if brand == "qt  " { return .mov }
        if brand.hasPrefix("M4V") { return .mp4 }
        return !hasVideo && hasAudio ? .m4a : .mp4
    }
}
