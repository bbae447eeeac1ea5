/// Why iOS would refuse an attachment, as one of its own error kinds (`UNError.Code`), with the
/// file, the reason and the limit involved.
public struct AttachmentError: Error, Equatable, Sendable, Codable, FindingConvertible {
    /// The kinds of attachment failure iOS reports.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Not a file URL iOS can use (`attachmentInvalidURL`, 100).
        case invalidURL
        /// A type iOS does not recognise, or a declared type that is not the bytes'
        /// (`attachmentUnrecognizedType`, 101).
        case unrecognizedType
        /// Over the kind's size limit, or empty (`attachmentInvalidFileSize`, 102).
        case invalidFileSize
        /// No file at the URL; iOS reports it as an invalid URL (`attachmentInvalidURL`, 100).
        case fileNotFound
        /// The file exists but cannot be read, so it cannot be moved into the attachment store
        /// (`attachmentMoveIntoDataStoreFailed`, 104).
        case moveFailed
        /// The bytes are damaged or cut (`attachmentCorrupt`, 105).
        case corrupt

        /// The raw value of the `UNError.Code` iOS uses for this kind.
        public var code: Int {
            switch self {
            case .invalidURL, .fileNotFound: 100
            case .unrecognizedType: 101
            case .invalidFileSize: 102
            case .moveFailed: 104
            case .corrupt: 105
            }
        }
    }

    /// Which of iOS's attachment errors this is; its `code` is the `UNError.Code` iOS would report.
    public var kind: Kind
    /// The attachment as it was named.
    public var file: String
    /// What is wrong, for users.
    public var reason: String
    /// The size limit involved, in bytes, for `invalidFileSize`.
    public var limit: Int?
    /// The rule this failure breaks (for example `attachment-type-mismatch` for an
    /// `unrecognizedType` whose extension disagrees with the bytes).
    public var rule: String

    /// Creates an attachment error from its parts; `limit` is in bytes (for `invalidFileSize`), and
    /// a nil `rule` picks the kind's usual rule (`attachment-too-large` for `invalidFileSize`).
    public init(kind: Kind, file: String, reason: String, limit: Int? = nil, rule: RuleDescriptor? = nil) {
        self.kind = kind
        self.file = file
        self.reason = reason
        self.limit = limit
        self.rule = (rule ?? Self.defaultRule(for: kind)).id
    }

    public var finding: Finding {
        Finding(
            rule: Rules.descriptor(id: rule) ?? Self.defaultRule(for: kind), message: reason, file: file,
            notes: ["iOS: UNErrorDomain code \(kind.code)"])
    }

    private static func defaultRule(for kind: Kind) -> RuleDescriptor {
        switch kind {
        case .invalidURL: Rules.AttachmentUrlInvalid.descriptor
        case .unrecognizedType: Rules.AttachmentTypeUnsupported.descriptor
        case .invalidFileSize: Rules.AttachmentTooLarge.descriptor
        case .fileNotFound, .moveFailed: Rules.AttachmentMissing.descriptor
        case .corrupt: Rules.AttachmentCorrupt.descriptor
        }
    }
}
