/// Why an audio or movie container is not whole or cannot be read. Each case names the structure
/// that is missing or wrong and, where there is one, its byte offset; `description` is one line for
/// users.
public enum ContainerError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// A structure runs past the end of the file: its header says it ends at `declaredEnd` (nil when
    /// the format has no length, like an MPEG video picture) but the file ends at `fileSize`.
    case truncated(structure: String, offset: Int, declaredEnd: Int?, fileSize: Int)
    /// A structure the format requires is absent; `consequence` says what the file lacks without it.
    case missing(structure: String, consequence: String)
    /// A structure is present but impossible (a size smaller than its own header, a zero sample
    /// rate, a box that runs past the box containing it).
    case invalid(structure: String, offset: Int, reason: String)
    /// No decodable MPEG audio or ADTS frame header in the `searched` bytes from `offset`.
    case noFrameHeader(offset: Int, searched: Int)
    /// Going on would pass one of the bounds in `ContainerLimits` (`what` names it).
    case overLimit(what: String, limit: Int)
    /// The format is recognised but its container is not parsed here.
    case unsupported(format: MediaFormat, reason: String)
    /// The bytes are not the format the caller named (`found` says what they look like).
    case wrongFormat(expected: MediaFormat, found: String)
    /// The bytes match no known audio or movie signature.
    case unrecognized
    /// The input could not be read.
    case unreadable(reason: String)

    /// The name of `unrecognized`, which carries no values.
    public var nameOfCaseWithoutValues: String? {
        if case .unrecognized = self { return "unrecognized" }
        return nil
    }

    public var description: String {
        switch self {
        case .truncated(let structure, let offset, let declaredEnd, let fileSize):
            if fileSize == 0 { return "the file is empty" }
            if let declaredEnd {
                return
                    "the \(structure) at byte \(offset) runs to byte \(declaredEnd) but the file ends at byte \(fileSize): the file is cut short"
            }
            return "the \(structure) at byte \(offset) is cut off by the end of the file (byte \(fileSize))"
        case .missing(let structure, let consequence):
            return "the \(structure) is missing: \(consequence)"
        case .invalid(let structure, let offset, let reason):
            return "the \(structure) at byte \(offset) is invalid: \(reason)"
        case .noFrameHeader(let offset, let searched):
            return "no audio frame header in the \(searched) bytes from byte \(offset): not an audio stream, or damaged"
        case .overLimit(let what, let limit):
            return "the \(what) is over the limit of \(limit)"
        case .unsupported(let format, let reason):
            return "\(format.rawValue) files are not inspected: \(reason)"
        case .wrongFormat(let expected, let found):
            return "not a \(expected.rawValue) file: \(found)"
        case .unrecognized:
            return "not a recognised audio or movie file"
        case .unreadable(let reason):
            return "cannot read the file: \(reason)"
        }
    }
}

extension ContainerError {
    /// The byte offset the error names, when it names one.
    var offset: Int? {
        switch self {
        case .truncated(_, let offset, _, _), .invalid(_, let offset, _): offset
        case .noFrameHeader(let offset, _): offset
        default: nil
        }
    }
}
