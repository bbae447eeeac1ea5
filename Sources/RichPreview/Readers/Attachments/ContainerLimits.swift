/// The bounds every container parse stays within, whatever the input says. Passing one throws
/// `ContainerError.overLimit` naming it; none of them is reached by a well-formed attachment.
public struct ContainerLimits: Sendable, Equatable {
    /// Default for `maxStructures`: boxes, chunks, lists and program-stream packets visited.
    public static let defaultMaxStructures = 100_000
    /// Default for `maxDepth`: how deeply boxes or lists may nest.
    public static let defaultMaxDepth = 16
    /// Default for `maxHeaderBytes`: the largest `moov` box, AVI `hdrl` list or CAF `pakt` chunk
    /// read into memory (16 MiB; a 50 MB movie's `moov` is typically under 1 MiB).
    public static let defaultMaxHeaderBytes = 16 << 20
    /// Default for `maxSyncSearchBytes`: bytes scanned for the first MPEG audio or ADTS frame
    /// header after the tags (64 KiB).
    public static let defaultMaxSyncSearchBytes = 64 << 10
    /// Default for `maxFrameWalkBytes`: the largest MPEG audio or ADTS stream whose frames are
    /// walked one by one (8 MiB; attachments of audio are capped at 5 MB).
    public static let defaultMaxFrameWalkBytes = 8 << 20
    /// Default for `maxFrames`: MPEG audio or ADTS frames walked.
    public static let defaultMaxFrames = 1_000_000
    /// Default for `edgeWindowBytes`: how much of the start and of the end of an MPEG program
    /// stream or video elementary stream is read (512 KiB each; a smaller file is read whole).
    public static let defaultEdgeWindowBytes = 512 << 10
    /// Default for `maxBytesRead`: all bytes read from one input (24 MiB, above the largest header
    /// plus the frame walk, so a file that reaches neither never reaches this).
    public static let defaultMaxBytesRead = 24 << 20

    /// Most boxes, chunks, lists or packets visited in one parse.
    public var maxStructures: Int
    /// Deepest nesting of boxes or lists.
    public var maxDepth: Int
    /// Largest header structure read into memory whole, in bytes.
    public var maxHeaderBytes: Int
    /// Most bytes scanned for a first frame header.
    public var maxSyncSearchBytes: Int
    /// Largest audio stream walked frame by frame, in bytes.
    public var maxFrameWalkBytes: Int
    /// Most audio frames walked.
    public var maxFrames: Int
    /// Bytes read at each end of a stream that is sampled rather than walked.
    public var edgeWindowBytes: Int
    /// Most bytes read from the input in total.
    public var maxBytesRead: Int

    /// Limits with the documented defaults, any of which can be lowered (or raised).
    public init(
        maxStructures: Int = defaultMaxStructures, maxDepth: Int = defaultMaxDepth,
        maxHeaderBytes: Int = defaultMaxHeaderBytes, maxSyncSearchBytes: Int = defaultMaxSyncSearchBytes,
        maxFrameWalkBytes: Int = defaultMaxFrameWalkBytes, maxFrames: Int = defaultMaxFrames,
        edgeWindowBytes: Int = defaultEdgeWindowBytes, maxBytesRead: Int = defaultMaxBytesRead
    ) {
        self.maxStructures = maxStructures
        self.maxDepth = maxDepth
        self.maxHeaderBytes = maxHeaderBytes
        self.maxSyncSearchBytes = maxSyncSearchBytes
        self.maxFrameWalkBytes = maxFrameWalkBytes
        self.maxFrames = maxFrames
        self.edgeWindowBytes = edgeWindowBytes
        self.maxBytesRead = maxBytesRead
    }
}
