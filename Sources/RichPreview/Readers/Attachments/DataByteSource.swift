import Foundation

/// A `ByteSource` over bytes already in memory.
public struct DataByteSource: ByteSource {
    /// The bytes served.
    public let data: Data

    /// Serves `data`.
    public init(_ data: Data) {
        self.data = data
    }

    /// Serves a copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.data = Data(bytes)
    }

    public var count: Int { data.count }

    public func bytes(at offset: Int, count: Int) throws(ByteSourceError) -> [UInt8] {
        guard offset >= 0, count >= 0 else { throw .invalidRange(offset: offset, count: count) }
        guard offset < data.count else { return [] }
        let length = min(count, data.count - offset)
        return data.withUnsafeBytes { [UInt8](copying: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + length])) }
    }
}
