/// Why an image could not be encoded or written; `description` leaves the path to the caller.
public enum ImageEncodingError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// The output name's extension is not `.png`, `.jpg` or `.jpeg`.
    case unsupportedOutputFormat(path: String)
    /// The output name's extension names another format than the encoding asked for.
    case formatDiffersFromExtension(path: String, format: OutputFormat)
    /// The encoder failed; `reason` is its message.
    case encodingFailed(format: OutputFormat, reason: String)
    /// The file system refused the output; `reason` is why (a missing folder, no space left, …).
    case writeFailed(path: String, reason: String)
    /// The JPEG quality is outside 1…100.
    case invalidQuality(Int)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .unsupportedOutputFormat: "the output's name must end in .png, .jpg or .jpeg"
        case .formatDiffersFromExtension(_, let format):
            "the output's name does not end in \(format == .png ? ".png" : ".jpg or .jpeg") as a \(format.rawValue.uppercased()) file should"
        case .encodingFailed(let format, let reason): "cannot encode \(format.rawValue.uppercased()): \(reason)"
        case .writeFailed(_, let reason): "cannot write: \(reason)"
        case .invalidQuality(let quality): "JPEG quality must be 1 to 100, not \(quality)"
        }
    }
}
