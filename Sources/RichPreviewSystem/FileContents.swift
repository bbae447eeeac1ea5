import Foundation

/// Reads an input whole, refusing folders, special files and oversized inputs before reading them.
///
/// A path must name a regular file: a FIFO, a socket or a device (`/dev/zero`, `/dev/stdin`, a
/// process substitution's `/dev/fd/N`) is refused from its metadata, never opened for a read that
/// could wait forever for a writer or never end. A regular file's size is checked from its
/// metadata before one byte is read. Standard input (`read(fileDescriptor:limit:)`) may be a pipe
/// or a device: it is read in chunks and refused as soon as it passes the limit, so an endless
/// stream costs at most `limit` bytes of memory.
package enum FileContents {
    /// Configuration files are a few kilobytes; anything over this is refused unread by default.
    package static let sizeLimit = 16 * 1024 * 1024

    /// The most bytes of an image, audio or movie read, from a file or standard input: 128 MiB,
    /// far above any attachment iOS takes (movies up to 50 MB) and below the memory budget.
    package static let mediaLimit = 128 * 1024 * 1024

    /// Why an input could not be read; `reason` is the text for users.
    package enum ReadFailure: Error, Equatable, Sendable {
        /// The path is the empty string.
        case emptyPath
        /// Nothing exists at the path (or a folder on the way is missing).
        case notFound
        /// The path names a folder.
        case isDirectory
        /// The path names a FIFO, a socket or a device; `kind` says which ("a FIFO").
        case notRegularFile(kind: String)
        /// The path goes through a loop of symbolic links.
        case symbolicLinkLoop
        /// The file exists but this process may not read it.
        case permissionDenied
        /// The input is over `limit` bytes; `size` is its size when known (nil for a stream,
        /// which is not read past the limit).
        case tooLarge(size: Int?, limit: Int)
        /// A regular file whose size the system gives as 0 but which has bytes to read, as the
        /// files of `/proc` and `/sys` do: not read, as a FIFO is not.
        case sizeUnknown
        /// Any other failure, with the system's reason.
        case unreadable(String)

        package var reason: String {
            switch self {
            case .emptyPath: "empty path"
            case .notFound: "no such file"
            case .isDirectory: "is a directory"
            case .notRegularFile(let kind): "not a regular file (\(kind)); only '-' reads standard input"
            case .symbolicLinkLoop: "symbolic link loop (or too many links on the way)"
            case .permissionDenied: "permission denied"
            case .tooLarge(let size?, let limit): "\(size) bytes, over the limit of \(limit)"
            case .tooLarge(nil, let limit): "more than \(limit) bytes, over the limit (not read further)"
            case .sizeUnknown:
                "not a regular file with a size (the system's own files, in /proc or /sys, give none); only '-' reads standard input"
            case .unreadable(let reason): "cannot read: \(reason)"
            }
        }
    }

    /// Opens `path` for reading when it names a regular file, without ever waiting: the type is
    /// checked from its metadata before the open, and again on the open descriptor (the path may
    /// have been replaced in between), which is opened non-blocking so that a FIFO put there
    /// cannot stall the open. `knownRegular` skips the first check, for a path a directory listing
    /// has just called a regular file. The caller closes the descriptor.
    /// - Throws: why the path is not a readable regular file.
    package static func openRegularFile(path: String, knownRegular: Bool = false) throws(ReadFailure) -> (
        descriptor: Int32, status: FileStatus
    ) {
        guard !path.isEmpty else { throw .emptyPath }
        if !knownRegular {
            let status: FileStatus
            do { status = try FileStatus.of(path: path) } catch { throw failure(error.code) }
            try checkRegular(status)
        }
        let descriptor = FileName.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw failure(errno) }
        let status: FileStatus
        do {
            status = try FileStatus.of(descriptor: descriptor)
        } catch {
            close(descriptor)
            throw failure(error.code)
        }
        do {
            try checkRegular(status)
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, status)
    }

    private static func checkRegular(_ status: FileStatus) throws(ReadFailure) {
        if status.kind == .directory { throw .isDirectory }
        if let kind = status.specialKindName { throw .notRegularFile(kind: kind) }
    }

    /// The bytes at `url`'s path; see `read(path:limit:mapped:)`.
    package static func read(_ url: URL, limit: Int? = sizeLimit, mapped: Bool = false) throws(ReadFailure) -> Data {
        try read(path: url.path, limit: limit, mapped: mapped)
    }

    /// The bytes of the regular file at `path` (see `openRegularFile(path:)`). `limit` nil accepts
    /// a file of any size; `mapped` maps a regular file instead of copying it (read-only and
    /// private, recorded in `FileMappings`, so that a decoder may give back the pages it has read).
    package static func read(path: String, limit: Int? = sizeLimit, mapped: Bool = false) throws(ReadFailure) -> Data {
        let (descriptor, status) = try openRegularFile(path: path)
        defer { close(descriptor) }
        let size = status.size
        if let limit, size > limit { throw .tooLarge(size: size, limit: limit) }
        guard size > 0 else {
            // Empty, unless it is a file the system writes as it is read.
            var byte: UInt8 = 0
            var count: Int
            repeat { count = Foundation.read(descriptor, &byte, 1) } while count < 0 && errno == EINTR
            if count > 0 { throw .sizeUnknown }
            return Data()
        }
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

    /// The failure `errno` `code` stands for, after `stat` or `open`.
    package static func failure(_ code: Int32) -> ReadFailure {
        switch code {
        case ENOENT, ENOTDIR: .notFound
        case ELOOP: .symbolicLinkLoop
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        default: .unreadable(String(cString: strerror(code)))
        }
    }
}
