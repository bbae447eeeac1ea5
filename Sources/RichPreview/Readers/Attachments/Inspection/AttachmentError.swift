/// Why iOS would refuse an attachment, as one of its own error kinds (`UNError.Code`), with the
/// file, the reason and the limit involved.
public struct AttachmentError: Error, Equatable, Sendable, Codable {
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

    /// Why iOS would refuse it, more finely than `kind`: what the attachment rules report
    /// (`Rules/Attachment/`).
    public enum Cause: String, Sendable, Codable, CaseIterable {
        /// No file at the path (or a folder on the way is missing, or a loop of links).
        case notFound
        /// The file exists but cannot be read.
        case unreadable
        /// A folder, a FIFO, a device: not a file iOS can take; or a URL iOS cannot use.
        case invalidURL
        /// The file is empty.
        case empty
        /// Over the size limit for its kind.
        case overSizeLimit
        /// Bytes of no format iOS recognises.
        case unrecognizedFormat
        /// A file name without an extension iOS knows, and no type hint.
        case noKnownExtension
        /// A type hint or file extension the bytes do not fit.
        case typeMismatch
        /// A signature damaged in transit (a flipped bit, rewritten line endings).
        case damagedSignature
        /// Bytes that do not decode, or a container that is not whole.
        case corrupt
    }

    /// Which of iOS's attachment errors this is; its `code` is the `UNError.Code` iOS would report.
    public var kind: Kind
    /// The attachment as it was named.
    public var file: String
    /// What is wrong, for users.
    public var reason: String
    /// The size limit involved, in bytes, for `invalidFileSize`.
    public var limit: Int?
    /// Why, as the attachment rules tell it apart (`attachment-type-mismatch` reports a
    /// `typeMismatch`, `attachment-type-unsupported` an `unrecognizedFormat`, …).
    public var cause: Cause

    /// Creates an attachment error from its parts; `limit` is in bytes (for `invalidFileSize`), and
    /// a nil `cause` picks the kind's usual one (`overSizeLimit` for `invalidFileSize`).
    public init(kind: Kind, file: String, reason: String, limit: Int? = nil, cause: Cause? = nil) {
        self.kind = kind
        self.file = file
        self.reason = reason
        self.limit = limit
        self.cause = cause ?? Self.defaultCause(for: kind)
    }

    private static func defaultCause(for kind: Kind) -> Cause {
        switch kind {
        case .invalidURL: .invalidURL
        case .unrecognizedType: .unrecognizedFormat
        case .invalidFileSize: .overSizeLimit
        case .fileNotFound: .notFound
        case .moveFailed: .unreadable
        case .corrupt: .corrupt
        }
    }
}
