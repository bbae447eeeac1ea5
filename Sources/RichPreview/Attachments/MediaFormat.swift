/// A file format recognised from a file's leading bytes.
public enum MediaFormat: String, Sendable, Codable, CaseIterable {
    case png
    case jpeg
    case gif
    case wav
    case aiff
    case mp3
    case m4a
    case mp4
    case mpeg
    case avi

    /// The attachment kind this format belongs to.
    public var kind: MediaKind {
        switch self {
        case .png, .jpeg, .gif: .image
        case .wav, .aiff, .mp3, .m4a: .audio
        case .mp4, .mpeg, .avi: .movie
        }
    }
}
