import Foundation

/// A `ByteSource` over an open file that reads only the ranges asked for (seek and read, never a
/// mapping or a whole-file read), and counts them.
///
/// Safe to share between tasks: reads are serialised by a lock because they move the file position.
public final class FileByteSource: ByteSource, @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var readTotal = 0
    private var readCalls = 0

    /// The file's length when it was opened.
    public let count: Int

    /// Opens the file at `url` for reading.
    /// - Throws: `ByteSourceError.unreadable` when it is missing, a folder or cannot be opened.
    public init(url: URL) throws(ByteSourceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(reason: "is a directory") }
        do {
            handle = try FileHandle(forReadingFrom: url)
            let end = try handle.seekToEnd()
            guard let size = Int(exactly: end) else { throw ByteSourceError.unreadable(reason: "file too large") }
            count = size
        } catch let error as ByteSourceError {
            throw error
        } catch {
            throw .unreadable(reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
    }

    deinit {
        try? handle.close()
    }

    /// The number of bytes returned by `bytes(at:count:)` so far.
    public var bytesRead: Int {
        lock.lock()
        defer { lock.unlock() }
        return readTotal
    }

    /// The number of `bytes(at:count:)` calls so far.
    public var readCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return readCalls
    }

    public func bytes(at offset: Int, count wanted: Int) throws(ByteSourceError) -> [UInt8] {
        guard offset >= 0, wanted >= 0 else { throw .invalidRange(offset: offset, count: wanted) }
        guard offset < count, wanted > 0 else { return [] }
        let length = min(wanted, count - offset)
        lock.lock()
        defer { lock.unlock() }
        readCalls += 1
        var result: [UInt8] = []
        result.reserveCapacity(length)
        do {
            try handle.seek(toOffset: UInt64(offset))
            while result.count < length {
                guard let chunk = try handle.read(upToCount: length - result.count), !chunk.isEmpty else { break }
                result.append(contentsOf: chunk)
            }
        } catch {
            throw .unreadable(reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
        readTotal += result.count
        return result
    }
}
