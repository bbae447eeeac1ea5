import Foundation
import Synchronization

/// The process-wide count of resampling helper threads in use, so that any number of scales at
/// once starts at most `limit` of them; a scale that finds none free runs on its own thread (with
/// the same result).
enum HelperThreadBudget {
    /// Helper threads that may run at once: one fewer than the cores this process may use, at least 1.
    static let limit = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)

    private static let inUse = Mutex(0)

    /// Takes a helper slot; false when every slot is taken. A true answer must be matched by `release()`.
    static func acquire() -> Bool {
        inUse.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives back a slot taken by `acquire()`.
    static func release() {
        inUse.withLock { $0 -= 1 }
    }
}
