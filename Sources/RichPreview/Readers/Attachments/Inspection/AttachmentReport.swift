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
    /// The type its file name's extension declares, when it has one iOS knows (nil for bytes
    /// without a name).
    public var nameType: DeclaredType?
    /// Whether it was named: a file, or bytes given a name (standard input has none).
    public var isNamed = false
    /// The type hint given with it (`UNNotificationAttachmentOptionsTypeHintKey`).
    public var typeHint: DeclaredType?
    /// The thumbnail options given with it.
    public var options = AttachmentOptions()
    /// Whether an image of a format iOS shows was decoded whole (false when only its signature was read).
    public var decodedWhole = false
    /// Why an image was not decoded whole although a probe was given: it is over the caller's
    /// limits (`--max-pixels`, `--max-memory`; its header's facts are in `image`), or the probe
    /// does not decode its format (or its library is not installed). Nil otherwise. Not an iOS
    /// refusal: `error` stays nil.
    public var notDecodedReason: String?
    /// The size limit for its kind, in bytes.
    public var limit: Int?
    /// What an audio or movie container says.
    public var media: MediaFacts?
    /// What decoding an image whole says.
    public var image: ImageFacts?
    /// The bytes an image's decoded pixels take, width × height × 4 for each frame (every frame of
    /// an animated GIF): what an extension that decodes it needs at least; nil when its size is
    /// not known.
    public var decodedBytes: Int?
    /// The service extension's memory it was checked against (`AttachmentLimits.extensionMemory`),
    /// for an image.
    public var extensionMemory: Int?
    /// Why iOS would refuse it; nil when it would be accepted.
    public var error: AttachmentError?

    /// Creates an empty report for the attachment called `name`, with no facts and no error yet.
    public init(name: String) {
        self.name = name
    }

    /// Whether iOS would accept the attachment.
    public var isValid: Bool { error == nil }
}
