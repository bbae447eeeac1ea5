/// What checking one payload found: its size against the limit, the typed payload when it is
/// valid, and every error and warning.
public struct PayloadReport: Sendable, Hashable {
    /// The payload as it was named, or `<data>` for bytes in memory.
    public var file: String
    /// UTF-8 bytes of the JSON as given; nil when a stream went on past what was read.
    public var bytes: Int?
    /// The push type given, or the one inferred: `background` for a silent push, else `alert`.
    public var pushType: PushType
    /// APNs' limit for `pushType`, in bytes.
    public var limit: Int
    /// The payload; nil when there are errors.
    public var payload: APNsPayload?
    /// What APNs or iOS tolerates but probably does not do what was meant, in the order found.
    public var warnings: [PayloadWarning]
    /// What APNs would reject or iOS would not show, in the order found; empty for a valid payload.
    public var errors: [PayloadError]

    /// Creates a report from its parts; `PayloadDecoder.check(_:file:)` makes one from JSON.
    public init(
        file: String, bytes: Int?, pushType: PushType, limit: Int, payload: APNsPayload?,
        warnings: [PayloadWarning], errors: [PayloadError]
    ) {
        self.file = file
        self.bytes = bytes
        self.pushType = pushType
        self.limit = limit
        self.payload = payload
        self.warnings = warnings
        self.errors = errors
    }

    /// Whether there are no errors (warnings are allowed); a decoder's report then carries the
    /// payload.
    public var isValid: Bool { errors.isEmpty }

    /// The errors, then the warnings, as findings.
    public var findings: [Finding] { errors.map(\.finding) + warnings.map(\.finding) }
}
