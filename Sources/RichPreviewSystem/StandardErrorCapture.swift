import Foundation

/// Runs a call into a library that writes its complaints to standard error (CoreFoundation's
/// old-style property list parser logs "missing semicolon … on line 2" there instead of returning
/// it) with standard error pointed at a temporary file, and returns what was written, so that the
/// text becomes part of a finding instead of a stray line on the user's terminal.
///
/// Standard error is the process's: while the call runs, anything another thread writes there is
/// captured too (and returned), so calls are serialised and kept short.
package enum StandardErrorCapture {
    private static let lock = NSLock()

    /// `body`'s result and what it wrote to standard error (at most 64 KiB of it, as text).
    package static func capturing<Value>(_ body: () throws -> Value) rethrows -> (value: Value, written: String) {
        lock.lock()
        defer { lock.unlock() }
        fflush(nil)
        guard let file = tmpfile() else { return (try body(), "") }
        defer { fclose(file) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(fileno(file), STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            return (try body(), "")
        }
        defer {
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        let value = try body()
        fflush(nil)
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let count = pread(fileno(file), &bytes, bytes.count, 0)
        return (value, String(decoding: bytes.prefix(max(0, count)), as: UTF8.self))
    }
}
