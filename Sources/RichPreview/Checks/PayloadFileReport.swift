/// One payload file as `richpreview payload --json` prints it: whether it is valid, the format it
/// was read in and the headers it gives, its size against APNs' limit, the payload as APNs
/// receives it, and what was found. Every key is
/// written, null when it has no value.
public struct PayloadFileReport: Sendable, Equatable, Codable {
    /// The file as given (`<stdin>` for standard input).
    public var path: String
    /// Whether the payload has no error.
    public var valid: Bool
    /// The format it was read in: `apns` for a payload, `request` for a request file, else the
    /// provider whose message it is.
    public var provider: PushProvider
    /// The APNs headers the input gives (a request file's, a provider message's); empty for none.
    public var headers: PushHeaders
    /// The push type it was checked as (given, or inferred).
    public var pushType: PushType
    /// The size of the JSON as given; nil when the file cannot be read.
    public var bytes: Int?
    /// APNs' size limit for the push type.
    public var limit: Int
    /// Whether it is a silent push.
    public var silent: Bool
    /// The payload as read, written back as APNs JSON (`true` flags become 1); nil when invalid.
    public var payload: PropertyValue?
    /// The warnings and notes.
    public var warnings: [Finding]
    /// The errors.
    public var errors: [Finding]

    /// The summary of `report`.
    public init(_ report: PayloadReport) {
        path = report.file
        valid = report.isValid
        provider = report.provider
        headers = report.headers
        pushType = report.pushType
        bytes = report.bytes
        limit = report.limit
        silent = report.payload?.isSilent ?? false
        payload = report.payload?.jsonValue
        warnings = report.warnings
        errors = report.errors
    }

    private enum CodingKeys: String, CodingKey {
        case path, valid, provider, headers, pushType, bytes, limit, silent, payload, warnings, errors
    }

    /// Writes every key, null for a value the report does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(valid, forKey: .valid)
        try container.encode(provider, forKey: .provider)
        try container.encode(headers, forKey: .headers)
        try container.encode(pushType, forKey: .pushType)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(limit, forKey: .limit)
        try container.encode(silent, forKey: .silent)
        try container.encode(payload, forKey: .payload)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(errors, forKey: .errors)
    }
}
