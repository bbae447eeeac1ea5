/// Everything inspecting one attachment found: its size, kind and format from its bytes, the type
/// it declares, the limit it is held to, the facts from its container or decoder, and whether iOS
/// would accept it.
public struct AttachmentReport: Sendable, Equatable, Codable {
    /// The attachment as it was named.
    public var name: String
    /// Its size; nil when it could not be read.
    public var bytes: Int?
    /// The kind and format its bytes show; nil when they show none.
    public var kind: MediaKind?
    /// The file format its bytes show (PNG, MP4, …), refined by the container when one is read; nil
    /// when the bytes match no format richpreview recognises.
    public var format: MediaFormat?
    /// The type its type hint or file extension declares.
    public var declaredType: DeclaredType?
    /// The size limit for its kind, in bytes.
    public var limit: Int?
    /// What an audio or movie container says.
    public var media: MediaFacts?
    /// What decoding an image whole says.
    public var image: ImageFacts?
    /// Why iOS would refuse it; nil when it would be accepted.
    public var error: AttachmentError?
    /// What iOS tolerates but that is probably wrong or risky.
    public var warnings: [Finding]

    /// Creates an empty report for the attachment called `name`, with no facts, no error and no
    /// warnings yet.
    public init(name: String) {
        self.name = name
        self.warnings = []
    }

    /// Whether iOS would accept the attachment.
    public var isValid: Bool { error == nil }

    /// The error, then the warnings, as findings.
    public var findings: [Finding] { (error.map { [$0.finding] } ?? []) + warnings }
}
