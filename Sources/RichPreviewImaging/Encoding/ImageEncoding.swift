/// How to encode an image: PNG with given or content-chosen settings, or JPEG at a quality.
public enum ImageEncoding: Sendable, Equatable {
    /// PNG; nil settings are chosen from the image by `PNGSettings.chosen(for:)`.
    case png(PNGSettings? = nil)
    /// JPEG at `quality` 1…100 (4:2:0, baseline); transparent pixels are composited over white.
    case jpeg(quality: Int = 85)

    /// The file format this encoding writes.
    public var format: OutputFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        }
    }

    /// The default encoding of `format`: content-chosen PNG settings, or JPEG quality 85.
    public init(_ format: OutputFormat) {
        switch format {
        case .png: self = .png()
        case .jpeg: self = .jpeg()
        }
    }
}
