/// Why an image could not be encoded or written; `description` leaves the path to the caller.
public enum ImageEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output name's extension is not `.png`, `.jpg` or `.jpeg`.
    case unsupportedOutputFormat(path: String)
    /// The encoder failed; `reason` is its message.
    case encodingFailed(format: OutputFormat, reason: String)
    /// The file system refused the output; `reason` is why (a missing folder, no space left, …).
    case writeFailed(path: String, reason: String)
    /// The JPEG quality is outside 1…100.
    case invalidQuality(Int)

    public var description: String {
        switch self {
        case .unsupportedOutputFormat: "the output's name must end in .png, .jpg or .jpeg"
        case .encodingFailed(let format, let reason): "cannot encode \(format.rawValue.uppercased()): \(reason)"
        case .writeFailed(_, let reason): "cannot write: \(reason)"
        case .invalidQuality(let quality): "JPEG quality must be 1 to 100, not \(quality)"
        }
    }
}
