import Foundation

/// Writes an output file atomically: into a temporary file beside it, then renamed over the target,
/// so a reader never sees half a file and a failed write leaves the old file as it was.
public enum AtomicFile {
    /// Why an output could not be written.
    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String { "\(path): cannot write: \(reason)" }
    }

    /// Calls `write` with a temporary path in the target's folder, then renames it to `url`.
    /// The temporary file is removed when `write` throws.
    public static func write(
        to url: URL, _ write: (_ temporaryPath: String) throws -> Void
    ) throws -> Void {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try write(temporary.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: url.path, reason: reason)
        }
    }

    /// True when `a` and `b` name the same existing file (same device and inode), or the same path.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        if URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path {
            return true
        }
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
