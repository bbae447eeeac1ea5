import Foundation

/// Reads an input whole, refusing folders and oversized inputs before reading them.
///
/// A regular file's size is checked from its metadata before one byte is read. Anything else that
/// can be opened (a pipe, standard input, a character device such as `/dev/zero`, a process
/// substitution's `/dev/fd/N`) is read in chunks and refused as soon as it passes the limit, so an
/// endless stream costs at most `limit` bytes of memory.
package enum FileContents {
    /// Configuration files are a few kilobytes; anything over this is refused unread by default.
    package static let sizeLimit = 16 * 1024 * 1024

    /// Why an input could not be read; `reason` is the text for users.
    package enum ReadFailure: Error, Equatable, Sendable {
        /// The path is the empty string.
        case emptyPath
        /// Nothing exists at the path (or a folder on the way is missing).
        case notFound
        /// The path names a folder.
        case isDirectory
        /// The file exists but this process may not read it.
        case permissionDenied
        /// The input is over `limit` bytes; `size` is its size when known (nil for a stream,
        /// which is not read past the limit).
        case tooLarge(size: Int?, limit: Int)
        /// Any other failure, with the system's reason.
        case unreadable(String)

        package var reason: String {
            switch self {
            case .emptyPath: "empty path"
            case .notFound: "no such file"
            case .isDirectory: "is a directory"
            case .permissionDenied: "permission denied"
            case .tooLarge(let size?, let limit): "\(size) bytes, over the limit of \(limit)"
            case .tooLarge(nil, let limit): "more than \(limit) bytes, over the limit (not read further)"
            case .unreadable(let reason): "cannot read: \(reason)"
            }
        }
    }

    /// The bytes at `url`'s path; see `read(path:limit:mapped:)`.
    package static func read(_ url: URL, limit: Int? = sizeLimit, mapped: Bool = false) throws(ReadFailure) -> Data {
        try read(path: url.path, limit: limit, mapped: mapped)
    }

    /// The bytes at `path`. `limit` nil accepts a regular file of any size (a stream is still
    /// capped at `sizeLimit`); `mapped` maps a regular file instead of copying it (read-only and
    /// private, recorded in `FileMappings`, so that a decoder may give back the pages it has read).
    package static func read(path: String, limit: Int? = sizeLimit, mapped: Bool = false) throws(ReadFailure) -> Data {
        guard !path.isEmpty else { throw .emptyPath }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(errno) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .isDirectory }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        guard type == S_IFREG else { return try read(fileDescriptor: descriptor, limit: limit ?? sizeLimit) }
        let size = Int(info.st_size)
        if let limit, size > limit { throw .tooLarge(size: size, limit: limit) }
        guard size > 0 else { return Data() }
        if mapped, let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED {
            FileMappings.insert(mapping, count: size)
            return Data(
                bytesNoCopy: mapping, count: size,
                deallocator: .custom { pointer, count in
                    FileMappings.remove(pointer)
                    munmap(pointer, count)
                })
        }
        return try read(fileDescriptor: descriptor, limit: limit ?? Int.max, expected: size)
    }

    /// Everything readable from an open descriptor (standard input, a pipe), refused once it passes
    /// `limit` bytes; nothing past `limit + 1` bytes is read.
    package static func read(fileDescriptor: Int32, limit: Int, expected: Int = 64 * 1024) throws(ReadFailure) -> Data {
        var data = Data()
        data.reserveCapacity(min(expected, limit) + 1)
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let wanted = min(chunk, limit - data.count + 1)
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fileDescriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { throw .tooLarge(size: nil, limit: limit) }
        }
    }

    private static func failure(_ code: Int32) -> ReadFailure {
        switch code {
        case ENOENT, ENOTDIR: .notFound
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        default: .unreadable(String(cString: strerror(code)))
        }
    }
}
