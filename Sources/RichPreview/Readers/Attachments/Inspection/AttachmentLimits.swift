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

    /// Creates limits in bytes; the defaults are iOS's, with 1 MB taken as 10^6 bytes.
    public init(image: Int = 10_000_000, audio: Int = 5_000_000, movie: Int = 50_000_000) {
        self.image = image
        self.audio = audio
        self.movie = movie
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
