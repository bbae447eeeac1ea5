import CRichPreviewSystem
import Foundation

/// Writes an output file atomically: whole before it takes the target's name, so a reader never
/// sees half a file and a failed write leaves the old file as it was.
package enum AtomicFile {
    /// Why an output could not be written; `reason` is the text for users, without the path.
    package struct WriteError: Error, Equatable, Sendable {
        /// The output path as given.
        package var path: String
        package var reason: String
    }

    /// Checks, before any work is done, that `path` can be written: not empty, not a folder, in a
    /// folder that exists and that this process may write to.
    package static func checkWritable(_ path: String) throws(WriteError) {
        guard !path.isEmpty else { throw WriteError(path: path, reason: "empty path") }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw WriteError(path: path, reason: "is a directory")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        guard stat(folderPath, &info) == 0 else {
            throw WriteError(path: path, reason: "folder \(folderPath) does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError(path: path, reason: "\(folderPath) is not a folder")
        }
        guard access(folderPath, W_OK) == 0 else {
            throw WriteError(path: path, reason: "permission denied: cannot create files in \(folderPath)")
        }
    }

    /// Writes `data` to a file in `path`'s folder that appears under `path` only when it is whole.
    /// On any failure nothing is left and an existing file at `path` is left untouched.
    ///
    /// Where the file system can (Linux's O_TMPFILE on ext4, XFS, Btrfs, tmpfs), the file is written
    /// without a name and then linked into place, so that even SIGKILL mid-write leaves nothing; an
    /// existing `path` is replaced by linking under a temporary name and renaming, a window of one
    /// system call. Elsewhere it is written under a hidden temporary name (`.NAME.UUID.tmp`),
    /// removed on failure and on SIGINT, SIGTERM and SIGHUP (`TemporaryFiles`).
    package static func write(_ data: Data, to path: String) throws(WriteError) {
        try checkWritable(path)
        let folder = (path as NSString).deletingLastPathComponent
        let unnamed = namedTemporariesOnly ? -1 : crp_open_unnamed(folder.isEmpty ? "." : folder, 0o666)
        if unnamed >= 0 {
            var failure = writeAll(data, to: unnamed)
            if failure == 0, crp_link_unnamed(unnamed, path) != 0 {
                failure = errno == EEXIST ? replace(path, withUnnamed: unnamed) : errno
            }
            if close(unnamed) != 0, failure == 0 { failure = errno }
            if failure != 0 { throw WriteError(path: path, reason: systemReason(failure)) }
            return
        }
        let temporary = temporaryName(for: path)
        // Tracked before it exists, so that no signal can come between its creation and its
        // tracking; the name is unique, so removing it on a signal can only remove our own file.
        TemporaryFiles.register(temporary)
        defer { TemporaryFiles.unregister(temporary) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: systemReason(errno)) }
        var failure = writeAll(data, to: descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(path: path, reason: systemReason(failure))
        }
    }

    /// A hidden name beside `path` that no other write uses.
    private static func temporaryName(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + ".\(name).\(UUID().uuidString).tmp"
    }

    /// Puts the unnamed file open at `descriptor` over the existing `path`: linked under a
    /// temporary name, then renamed. The system's error code, or 0.
    private static func replace(_ path: String, withUnnamed descriptor: Int32) -> Int32 {
        let temporary = temporaryName(for: path)
        TemporaryFiles.register(temporary)
        defer { TemporaryFiles.unregister(temporary) }
        guard crp_link_unnamed(descriptor, temporary) == 0 else { return errno }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return code
        }
        return 0
    }

    /// Writes all of `data` to `descriptor`; the system's error code, or 0.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// Whether every write goes through a named temporary file, as on file systems without unnamed
    /// ones: set by `RICHPREVIEW_NAMED_TEMPORARIES=1` in the environment.
    static let namedTemporariesOnly =
        getenv("RICHPREVIEW_NAMED_TEMPORARIES").map { String(cString: $0) == "1" } ?? false

    /// True when `a` and `b` name the same existing file (same device and inode), or the same path.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        if URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path {
            return true
        }
        guard let first = try? FileStatus.of(path: a), let second = try? FileStatus.of(path: b) else { return false }
        return first.identity == second.identity
    }

    private static func systemReason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case ENOSPC: "no space left on the device"
        case EFBIG: "file too large for the file-size limit"
        case EDQUOT: "disk quota exceeded"
        case EROFS: "read-only file system"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
