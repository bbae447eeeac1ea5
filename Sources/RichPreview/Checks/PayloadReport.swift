import Foundation

/// What checking one payload found: its size against the limit, the typed payload when it is
/// valid, and every finding of the payload rules.
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
    /// Every finding, in the order of the keys they are about in the file.
    public var findings: [Finding]
    /// Where the payload's keys are written; nil when it could not be read as JSON.
    public var sourceMap: SourceMap?
    /// Who the push is sent through: `.apns` for a payload written as such, else the provider whose
    /// message the payload was built from.
    public var provider: PushProvider = .apns
    /// The APNs request headers the input gives (a request file's, a provider message's).
    public var headers = PushHeaders()
    /// For a payload built from a provider message, the message's key path of each payload key path.
    public var origins: KeyPathOrigins = .none
    /// The payload's bytes as APNs receives them (for a provider message, those it builds); nil
    /// when the input could not be read.
    public var apnsPayload: Data?
    /// How many pushes the file holds (an array of Expo messages holds several): the findings are
    /// about all of them, `payload` is the first's.
    public var messageCount = 1

    /// Creates a report from its parts; `PayloadDecoder.check(_:file:)` makes one from JSON.
    public init(
        file: String, bytes: Int?, pushType: PushType, limit: Int, payload: APNsPayload?, findings: [Finding],
        sourceMap: SourceMap? = nil
    ) {
        self.file = file
        self.bytes = bytes
        self.pushType = pushType
        self.limit = limit
        self.payload = payload
        self.findings = findings
        self.sourceMap = sourceMap
    }

    /// More findings about this payload (its attachments', its card's, its delivery's), given
    /// its file and placed at their keys as its own findings are.
    public func placed(_ more: [Finding]) -> [Finding] {
        let named = more.map { finding in
            var named = finding
            if named.file == nil { named.file = file }
            return named
        }
        let translated = origins.translated(named, file: file)
        return sourceMap?.place(translated, file: file) ?? translated
    }

    /// What APNs would reject or iOS would not show: the findings of severity error.
    public var errors: [Finding] { findings.filter { $0.severity == .error } }

    /// What APNs or iOS tolerates but probably does not do what was meant: the warnings and notes.
    public var warnings: [Finding] { findings.filter { $0.severity != .error } }

    /// Whether there are no errors (warnings are allowed); a decoder's report then carries the
    /// payload.
    public var isValid: Bool { !findings.contains { $0.severity == .error } }
}

/// Why `PayloadDecoder.decode(_:file:)` refused a payload: its first error, with every finding.
public struct PayloadError: Error, Hashable, Sendable, FindingConvertible {
    /// The first error found.
    public var finding: Finding
    /// Everything found, errors and warnings.
    public var findings: [Finding]

    /// The error `finding` among all `findings`.
    public init(finding: Finding, findings: [Finding]) {
        self.finding = finding
        self.findings = findings
    }
}

extension PayloadReport {
    /// The error rules iOS shows a notification despite, without what the error is about: an
    /// attachment whose service extension never runs.
    package static let rulesIOSShowsDespite: Set<String> = [Rules.MutableContentMissing.descriptor.id]

    /// The payload as iOS shows it: `payload`, or `read` (the payload as read despite its errors)
    /// when every error is one of `rulesIOSShowsDespite`; nil when iOS shows nothing.
    package func shownPayload(read: APNsPayload?) -> APNsPayload? {
        if let payload { return payload }
        let errors = findings.filter { $0.severity == .error }
        guard !errors.isEmpty, errors.allSatisfy({ Self.rulesIOSShowsDespite.contains($0.rule) }) else { return nil }
        return read
    }
}
