/// Why a `ByteSource` could not give the bytes asked for.
public enum ByteSourceError: Error, Equatable, Sendable, CustomStringConvertible, CaseNamingError {
    /// The file could not be opened or read; `reason` is the system's explanation.
    case unreadable(reason: String)
    /// A negative offset or count was asked for (a caller's mistake, never the input's).
    case invalidRange(offset: Int, count: Int)

    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .invalidRange(let offset, let count): "invalid read of \(count) bytes at offset \(offset)"
        }
    }
}
