import RichPreview

/// Why an image could not be read; the text for users is `description`.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes match no image signature.
    case unrecognizedFormat
    /// The file is damaged or truncated; `reason` is the decoder's own message.
    case corrupt(format: MediaFormat, reason: String)
    /// A valid file that this build cannot decode (for example a 12-bit JPEG).
    case unsupported(format: MediaFormat, reason: String)
    /// The image declares more pixels than the caller allows; nothing was allocated for it.
    case overPixelLimit(format: MediaFormat, size: PixelSize, limit: Int)
    /// Memory for the decoder could not be had.
    case outOfMemory(format: MediaFormat)

    public var description: String {
        switch self {
        case .unrecognizedFormat:
            "not a PNG, JPEG or GIF image"
        case .corrupt(let format, let reason):
            "corrupt \(format.rawValue.uppercased()): \(reason)"
        case .unsupported(let format, let reason):
            "unsupported \(format.rawValue.uppercased()): \(reason)"
        case .overPixelLimit(let format, let size, let limit):
            "\(format.rawValue.uppercased()) of \(size) is \(size.pixelCount) pixels, over the limit of \(limit)"
        case .outOfMemory(let format):
            "out of memory while decoding \(format.rawValue.uppercased())"
        }
    }
}
