import Foundation

/// Reads a file a folder listing called a regular file (lint's walk) with one `open`, one `fstat` and
/// reads straight into storage of the file's size: no zero-filled staging buffer, no growing copy.
/// The file is opened as `FileContents` opens it (only a regular file, never waiting on a FIFO put
/// there since), so errors and limits are exactly its own; a file changing while read is read
/// again by `FileContents`.
package enum ListedFile {
    /// The bytes of the file at `path`, at most `limit` bytes.
    /// - Throws: `FileContents.ReadFailure` as `FileContents.read(path:limit:)` does.
    package static func bytes(path: String, limit: Int) throws(FileContents.ReadFailure) -> [UInt8] {
        if let bytes = try directRead(path: path, limit: limit) { return bytes }
        return [UInt8](try FileContents.read(path: path, limit: limit))
    }

    /// The contents as `Data`; see `bytes(path:limit:)`.
    /// - Throws: `FileContents.ReadFailure` as `FileContents.read(path:limit:)` does.
    package static func data(path: String, limit: Int) throws(FileContents.ReadFailure) -> Data {
        if let bytes = try directRead(path: path, limit: limit) { return Data(bytes) }
        return try FileContents.read(path: path, limit: limit)
    }

    /// The whole regular file of at most `limit` bytes, or nil when it changed while read.
    /// - Throws: what `FileContents.openRegularFile(path:)` throws, and `.tooLarge` over `limit`.
    private static func directRead(path: String, limit: Int) throws(FileContents.ReadFailure) -> [UInt8]? {
        let (descriptor, status) = try FileContents.openRegularFile(path: path, knownRegular: true)
        defer { close(descriptor) }
        let size = status.size
        guard size >= 0 else { return nil }
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        // Room for one byte more than `fstat` said: a read that fills it means the file grew after
        // `fstat` (it is then read again the careful way), and reaching `size` with a read that asked
        // for more is the end of the file, so no further read is needed to find the end.
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while true {
                let count = Foundation.read(descriptor, base + initialized, size + 1 - initialized)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    // The end (or an error): whole only when `size` bytes were read.
                    complete = count == 0 && initialized == size
                    break
                }
                initialized += count
                guard initialized < size else {
                    complete = initialized == size
                    break
                }
            }
            if !complete { initialized = 0 }
        }
        guard complete else { return nil }
        return bytes
    }
}
