/// The attachment kinds iOS accepts, each with its own size limit.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    /// An image (iOS documents PNG, JPEG and GIF), up to 10 MB.
    case image
    /// Sound: WAV, AIFF, MP3 or MPEG-4 audio, up to 5 MB.
    case audio
    /// Video: MPEG, MPEG-2, MPEG-4 or AVI, up to 50 MB.
    case movie
}
