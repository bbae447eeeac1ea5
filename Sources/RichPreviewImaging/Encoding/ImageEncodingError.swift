/// Why an image could not be written; `description` leaves the path to the caller.
public enum ImageEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output name's extension is not `.png`, `.jpg` or `.jpeg`.
    case unsupportedOutputFormat(path: String)
    /// The output path names the input file, which is never overwritten.
    case outputIsInput(path: String)
    /// The encoder or the file system failed; `reason` is its message.
    case writeFailed(path: String, reason: String)
    /// The JPEG quality is outside 1…100.
    case invalidQuality(Int)

    public var description: String {
        switch self {
        case .unsupportedOutputFormat: "the output's name must end in .png, .jpg or .jpeg"
        case .outputIsInput: "the output would overwrite the input"
        case .writeFailed(_, let reason): "cannot write: \(reason)"
        case .invalidQuality(let quality): "JPEG quality must be 1 to 100, not \(quality)"
        }
    }
}
