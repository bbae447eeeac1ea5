/// The file sizes iOS accepts for notification attachments, per kind (spec §2.1: images 10 MB,
/// audio 5 MB, movies 50 MB). Apple does not say whether a MB is 10^6 or 2^20 bytes; richpreview
/// takes the stricter 10^6, so a file it accepts is accepted under either reading.
public struct AttachmentLimits: Sendable, Equatable, Codable {
    /// Largest image attachment, in bytes; default 10 000 000 (iOS's 10 MB).
    public var image: Int
    /// Largest audio attachment, in bytes; default 5 000 000 (iOS's 5 MB).
    public var audio: Int
    /// Largest movie attachment, in bytes; default 50 000 000 (iOS's 50 MB).
    public var movie: Int
    /// The memory a notification service extension has, in bytes: an image whose decoded pixels
    /// need more would end an extension that decodes it (`attachment-exceeds-extension-memory`).
    /// Default 24 MiB, the limit iOS has been seen to end service extensions at (`EXC_RESOURCE`
    /// … `ActiveHard 24 MB`; Apple publishes no figure, and older iOS allowed 12 MB).
    public var extensionMemory: Int

    /// The default `extensionMemory`, 24 MiB.
    public static let defaultExtensionMemory = 24 << 20

    /// Creates limits in bytes; the defaults are iOS's, with 1 MB taken as 10^6 bytes for the
    /// file sizes.
    public init(
        image: Int = 10_000_000, audio: Int = 5_000_000, movie: Int = 50_000_000,
        extensionMemory: Int = AttachmentLimits.defaultExtensionMemory
    ) {
        self.image = image
        self.audio = audio
        self.movie = movie
        self.extensionMemory = extensionMemory
    }

    /// The limit for attachments of `kind`, in bytes.
    public func limit(for kind: MediaKind) -> Int {
        switch kind {
        case .image: image
        case .audio: audio
        case .movie: movie
        }
    }

    /// The largest limit of any kind: no attachment may be larger.
    public var largest: Int { max(image, audio, movie) }
}
