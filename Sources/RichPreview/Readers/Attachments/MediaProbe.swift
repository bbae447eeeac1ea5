/// Reads the container of an audio or movie file and reports what it says (`MediaFacts`), after
/// checking that its structure is whole: every box, chunk or frame ends inside the file and the
/// structures the format requires are there. Reads only headers, seeking past media data, and stays
/// inside `ContainerLimits`; never reads a large file whole.
public enum MediaProbe {
    /// Parses the container of `format` from `source`.
    ///
    /// The facts' format can be more precise than `format` where only the container tells (see
    /// `MediaFacts.format`). Images and the formats that are only recognised (FLAC, Ogg, Matroska,
    /// WebM) throw `.unsupported`.
    /// - Throws: `ContainerError` naming what is missing, cut or wrong, and where.
    public static func probe(
        _ source: some ByteSource, format: MediaFormat, limits: ContainerLimits = ContainerLimits()
    ) throws(ContainerError) -> MediaFacts {
        let reader = ContainerReader(source, limits: limits)
        var facts: MediaFacts
        switch format {
        case .wav: facts = try RIFFWaveParser.parse(reader)
        case .aiff: facts = try AIFFParser.parse(reader)
        case .mp3: facts = try MPEGAudioParser.parse(reader)
        case .aac: facts = try ADTSParser.parse(reader)
        case .caf: facts = try CAFParser.parse(reader)
        case .m4a, .mp4, .mov: facts = try ISOBaseMediaParser.parse(reader, expected: format)
        case .mpeg: facts = try ProgramStreamParser.parse(reader)
        case .m2v: facts = try VideoElementaryStreamParser.parse(reader)
        case .avi: facts = try AVIParser.parse(reader)
        case .png, .jpeg, .gif, .webp, .heic, .avif, .bmp, .tiff:
            throw .unsupported(format: format, reason: "it is an image, not audio or a movie")
        case .flac, .ogg, .mkv, .webm:
            throw .unsupported(format: format, reason: "the format is recognised but its container is not parsed")
        }
        if let duration = facts.duration, duration > 0, duration.isFinite {
            let rate = Double(reader.size) * 8 / duration
            facts.bitRate = rate < Double(Int.max) ? Int(rate) : nil
        }
        return facts
    }

    /// Detects the format from the first `MediaSniffer.headerLength` bytes, then parses it.
    /// - Throws: `.unrecognized` when no signature matches, otherwise as `probe(_:format:limits:)`.
    public static func probe(_ source: some ByteSource, limits: ContainerLimits = ContainerLimits())
        throws(ContainerError) -> MediaFacts
    {
        let header: [UInt8]
        do {
            header = try source.bytes(at: 0, count: MediaSniffer.headerLength)
        } catch {
            throw .unreadable(reason: error.description)
        }
        guard let format = MediaSniffer.detect(header) else { throw .unrecognized }
        return try probe(source, format: format, limits: limits)
    }
}
