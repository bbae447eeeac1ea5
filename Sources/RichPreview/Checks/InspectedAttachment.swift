/// One attachment as `richpreview inspect --json` prints it: what the file is, whether iOS takes
/// it, and for one a payload names, the payload and the reference that led to it. Every key is
/// written, null when it has no value.
public struct InspectedAttachment: Sendable, Equatable, Codable {
    /// The path as given (`<stdin>` for standard input; the URL as written for a payload's
    /// attachment; the payload for a payload that cannot be used).
    public var path: String
    /// `image`, `audio`, `movie`, or `unknown`.
    public var kind: String
    /// The format read from the bytes.
    public var format: MediaFormat?
    /// The file's size.
    public var bytes: Int?
    /// The type the file extension or the type hint declares (a UTI).
    public var declaredType: String?
    /// iOS's size limit for the kind.
    public var limit: Int?
    /// Whether iOS takes the attachment and nothing found is an error.
    public var valid: Bool
    /// Why iOS refuses it, or the first error found; nil when valid.
    public var error: String?
    /// The `UNError` case iOS refuses it with (`AttachmentError.Kind`).
    public var errorKind: AttachmentError.Kind?
    /// That case's code (100 to 105).
    public var errorCode: Int?
    /// The findings that are not errors.
    public var warnings: [Finding]
    /// An image's or a movie's width.
    public var width: Int?
    /// An image's or a movie's height.
    public var height: Int?
    /// An image's bits per sample.
    public var bitDepth: Int?
    /// An image's frame count.
    public var frames: Int?
    /// The bytes an image takes decoded.
    public var decodedBytes: Int?
    /// Audio's or a movie's seconds.
    public var duration: Double?
    /// Audio's samples per second.
    public var sampleRate: Int?
    /// Audio's channels.
    public var channels: Int?
    /// The codec.
    public var codec: String?
    /// A movie's frames per second.
    public var frameRate: Double?
    /// The payload that names the attachment; nil for a file given directly.
    public var payload: String?
    /// The payload key the URL is under.
    public var keyPath: String?
    /// The URL as the payload writes it.
    public var url: String?
    /// Where the URL leads: `local`, `remote`, `insecure` or `invalid`.
    public var location: String?

    /// The entry of `attachment` with `findings` (its own by default; placed at the payload for
    /// one a payload names), found through `reference` in `payload` when it was.
    public init(
        _ attachment: AttachmentReport, findings: [Finding]? = nil, payload: String? = nil,
        reference: AttachmentReference? = nil
    ) {
        let findings = findings ?? attachment.findings
        path = attachment.name
        kind = attachment.kind?.rawValue ?? "unknown"
        format = attachment.format
        bytes = attachment.bytes
        declaredType = attachment.declaredType?.uti
        limit = attachment.limit
        valid = attachment.isValid && !findings.contains { $0.severity == .error }
        error = attachment.error?.reason ?? findings.first { $0.severity == .error }?.detail
        errorKind = attachment.error?.kind
        errorCode = attachment.error?.kind.code
        warnings = findings.filter { $0.severity != .error }
        width = attachment.image?.width ?? attachment.media?.width
        height = attachment.image?.height ?? attachment.media?.height
        bitDepth = attachment.image?.bitDepth
        frames = attachment.image?.frameCount
        decodedBytes = attachment.decodedBytes
        duration = attachment.media?.duration
        sampleRate = attachment.media?.sampleRate
        channels = attachment.media?.channels
        codec = attachment.media?.codec
        frameRate = attachment.media?.frameRate
        self.payload = payload
        keyPath = reference?.keyPath
        url = reference?.url
        location = reference.map {
            switch $0.location {
            case .local: "local"
            case .remote: "remote"
            case .insecure: "insecure"
            case .invalid: "invalid"
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case path, kind, format, bytes, declaredType, limit, valid, error, errorKind, errorCode, warnings
        case width, height, bitDepth, frames, decodedBytes, duration, sampleRate, channels, codec, frameRate
        case payload, keyPath, url, location
    }

    /// Writes every key, null for a value the attachment does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encode(format, forKey: .format)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(declaredType, forKey: .declaredType)
        try container.encode(limit, forKey: .limit)
        try container.encode(valid, forKey: .valid)
        try container.encode(error, forKey: .error)
        try container.encode(errorKind, forKey: .errorKind)
        try container.encode(errorCode, forKey: .errorCode)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(bitDepth, forKey: .bitDepth)
        try container.encode(frames, forKey: .frames)
        try container.encode(decodedBytes, forKey: .decodedBytes)
        try container.encode(duration, forKey: .duration)
        try container.encode(sampleRate, forKey: .sampleRate)
        try container.encode(channels, forKey: .channels)
        try container.encode(codec, forKey: .codec)
        try container.encode(frameRate, forKey: .frameRate)
        try container.encode(payload, forKey: .payload)
        try container.encode(keyPath, forKey: .keyPath)
        try container.encode(url, forKey: .url)
        try container.encode(location, forKey: .location)
    }
}
