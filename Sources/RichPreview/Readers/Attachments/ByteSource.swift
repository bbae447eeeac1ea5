/// Random access to an input's bytes without reading it whole: a file on disk or bytes in memory.
///
/// Container parsers read headers and seek past payloads through this protocol, so a large file
/// costs only the bytes they look at.
public protocol ByteSource: Sendable {
    /// The input's length in bytes.
    var count: Int { get }

    /// Up to `count` bytes starting at `offset`: fewer only when the input ends first, none at or
    /// past its end.
    /// - Throws: `ByteSourceError.invalidRange` for a negative offset or count, `.unreadable` when
    ///   the underlying file cannot be read.
    func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8]
}
