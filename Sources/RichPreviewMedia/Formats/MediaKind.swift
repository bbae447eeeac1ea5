/// The attachment kinds iOS accepts, each with its own size limit.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    case image
    case audio
    case movie
}
