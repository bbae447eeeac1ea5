import Foundation

/// Reads a file a walk found with one `open`, one `fstat` and reads straight into storage of the
/// file's size: no second path lookup, no zero-filled staging buffer, no growing copy. Anything
/// unusual (a path that cannot be opened, a file that is not regular, over the limit or changing
/// while read) is left to `FileContents`, so errors and limits are exactly its own.
enum LintFileReader {
    /// The bytes of the file at `path`, at most `limit` bytes.
    /// - Throws: `FileContents.ReadFailure` as `FileContents.read(path:limit:)` does.
    static func bytes(path: String, limit: Int) throws(FileContents.ReadFailure) -> [UInt8] {
        if let bytes = try directRead(path: path, limit: limit) { return bytes }
        return [UInt8](try FileContents.read(path: path, limit: limit))
    }

    /// The contents as `Data`; see `bytes(path:limit:)`.
    /// - Throws: `FileContents.ReadFailure` as `FileContents.read(path:limit:)` does.
    static func data(path: String, limit: Int) throws(FileContents.ReadFailure) -> Data {
        if let bytes = try directRead(path: path, limit: limit) { return Data(bytes) }
        return try FileContents.read(path: path, limit: limit)
    }

    /// The whole regular file of at most `limit` bytes, or nil for anything else.
    /// - Throws: `.tooLarge` for a regular file over `limit`, as `FileContents` would.
    private static func directRead(path: String, limit: Int) throws(FileContents.ReadFailure) -> [UInt8]? {
        guard !path.isEmpty else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size >= 0 else { return nil }
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < size {
                let count = Foundation.read(descriptor, base + initialized, size - initialized)
                if count > 0 {
                    initialized += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    complete = false
                    return
                }
            }
        }
        guard complete else { return nil }
        // A file that grew after `fstat` is read again the careful way.
        var extra: UInt8 = 0
        guard Foundation.read(descriptor, &extra, 1) == 0 else { return nil }
        return bytes
    }
}
