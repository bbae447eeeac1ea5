import Foundation

/// The temporary files `AtomicFile` is writing at this moment, so that an interrupted process
/// (SIGINT, SIGTERM, SIGHUP) removes them before it dies instead of leaving strays beside the
/// outputs. The command line installs the handlers; a library user's process is left alone.
package enum TemporaryFiles {
    /// How many temporaries can be tracked at once (one per concurrent write).
    static let slotCount = 64
    /// The longest path tracked, in bytes; longer ones are written but not tracked.
    static let pathCapacity = Int(PATH_MAX) + 2

    /// Fixed memory the signal handler can read without allocating or locking: per slot, a state
    /// byte (1 = in use) followed by the path as a C string.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<CChar> = {
        let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * pathCapacity)
        memory.initialize(repeating: 0, count: slotCount * pathCapacity)
        return memory
    }()
    private static let lock = NSLock()

    /// Starts tracking `path`.
    static func register(_ path: String) {
        let bytes = Array(path.utf8CString)
        guard bytes.count < pathCapacity else { return }
        lock.withLock {
            for index in 0..<slotCount {
                let slot = slots + index * pathCapacity
                guard slot[0] == 0 else { continue }
                bytes.withUnsafeBufferPointer { (slot + 1).update(from: $0.baseAddress!, count: bytes.count) }
                slot[0] = 1
                return
            }
        }
    }

    /// Stops tracking `path` (it was renamed into place or removed).
    static func unregister(_ path: String) {
        lock.withLock {
            for index in 0..<slotCount {
                let slot = slots + index * pathCapacity
                if slot[0] == 1, String(cString: slot + 1) == path {
                    slot[0] = 0
                    return
                }
            }
        }
    }

    /// Installs handlers that remove every tracked temporary on SIGINT, SIGTERM and SIGHUP, then
    /// let the signal end the process as it would have; and ignores SIGXFSZ, so that a write past
    /// the file-size limit (`ulimit -f`) fails with an error that is reported instead of killing
    /// the process mid-write.
    /// The three signals are also unblocked: a process started with them blocked (some launchers
    /// block them in the spawning thread) would otherwise finish its write and ignore them.
    package static func removeOnInterrupt() {
        signal(SIGXFSZ, SIG_IGN)
        var interrupting = sigset_t()
        sigemptyset(&interrupting)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, TemporaryFiles_handleSignal)
            sigaddset(&interrupting, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &interrupting, nil)
    }

    /// Removes every tracked temporary; called from the signal handler, so it only uses
    /// async-signal-safe calls on preallocated memory.
    fileprivate static func removeAll() {
        for index in 0..<slotCount {
            let slot = slots + index * pathCapacity
            if slot[0] == 1 { unlink(slot + 1) }
        }
    }
}

private func TemporaryFiles_handleSignal(_ signalNumber: Int32) {
    TemporaryFiles.removeAll()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
