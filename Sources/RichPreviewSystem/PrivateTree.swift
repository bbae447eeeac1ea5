import Foundation

/// Files written into a private folder from an untrusted listing: the folder made only for this
/// user, and every folder, file and link under it made new, never over or through what is there.
package enum PrivateTree {
    /// A new folder in the temporary folder (`$TMPDIR`) that only this user may enter (0700),
    /// named `prefix` and six random characters.
    package static func makeTemporaryFolder(prefix: String) throws(SystemError) -> URL {
        let path = FileManager.default.temporaryDirectory.path + "/" + prefix + mkdtempRandomPart
        var template = Array(path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .current
        }
        return URL(fileURLWithPath: String(cString: made))
    }

    /// What a template given to mkdtemp must end with: six `X` characters, which it replaces with
    /// the folder's random characters.
    private static let mkdtempRandomPart = String(repeating: "X", count: 6)

    /// Makes the folder `path` (0700) unless it is one already; its parent must exist.
    /// - Throws: `SystemError` when it cannot be made, or `EEXIST` when something else is there (a
    ///   file, or a link, which is never followed).
    package static func makeFolder(_ path: String) throws(SystemError) {
        if FileName.withSystemPath(path, { mkdir($0, 0o700) }) == 0 { return }
        let failure = SystemError.current
        guard failure.code == EEXIST, (try? FileStatus.of(path: path, followingLinks: false))?.kind == .directory
        else { throw failure }
    }

    /// A new file at `path` (0600, or 0700 when `executable`), open for writing: never one that
    /// exists, never through a link at `path`. The caller closes it.
    package static func createFile(_ path: String, executable: Bool) throws(SystemError) -> Int32 {
        let descriptor = FileName.withSystemPath(path) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o700 : 0o600)
        }
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Writes all of `bytes` to `descriptor`.
    package static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) throws(SystemError) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            offset += count
        }
    }

    /// Makes a symbolic link at `path` whose target is `target`, as it is.
    package static func makeLink(_ path: String, to target: String) throws(SystemError) {
        let made = FileName.withSystemPath(target) { target in FileName.withSystemPath(path) { symlink(target, $0) } }
        guard made == 0 else { throw .current }
    }
}

/// Buffered reading of a pipe or any open descriptor: records up to a separator and counted runs
/// of bytes, as a child process writes them.
package struct DescriptorReader {
    /// The descriptor read.
    package let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    /// A reader of `descriptor`, which stays open.
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// How many bytes are read and not yet taken.
    package var available: Int { buffer.count - start }

    /// Reads what the descriptor has (waiting for something); false at its end.
    /// - Throws: `SystemError` when the read fails.
    package mutating func fill() throws(SystemError) -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 { return false }
            if errno != EINTR { throw .current }
        }
    }

    /// The bytes up to the next `separator` (which is taken and not returned); nil at the end of
    /// the input, or when more than `limit` bytes come without one.
    /// - Throws: `SystemError` when the read fails.
    package mutating func record(endingWith separator: UInt8, limit: Int) throws(SystemError) -> [UInt8]? {
        var searched = 0
        while true {
            if let end = buffer[(start + searched)...].firstIndex(of: separator) {
                let record = Array(buffer[start..<end])
                start = end + 1
                return record
            }
            searched = available
            if searched > limit { return nil }
            guard try fill() else { return nil }
        }
    }

    /// Up to `count` of the bytes read, taken.
    package mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = start + min(count, available)
        defer { start = end }
        return buffer[start..<end]
    }
}
