import Dispatch
import Foundation
import Synchronization

/// Stops a git process that has given nothing for `idleLimit`: git blocks for ever opening a FIFO
/// a hostile repository put where it reads (`objects/info/alternates`, `packed-refs`), or waiting
/// on a lock. Each byte git writes counts as progress; a process stopped this way is `fired`.
///
/// `@unchecked Sendable`: the process and the timer are set once, then only the timer's handler
/// reads the process's id; the clock and the verdict are behind a mutex.
final class GitWatchdog: @unchecked Sendable {
    private let process: Process
    private let idleLimit: Duration
    private let state: Mutex<(last: ContinuousClock.Instant, fired: Bool)>
    private let timer: DispatchSourceTimer

    /// A watchdog of `process`, not started.
    init(process: Process, idleLimit: Duration) {
        self.process = process
        self.idleLimit = idleLimit
        state = Mutex((ContinuousClock.now, false))
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    }

    /// Starts watching; checks twice a second.
    func start() {
        state.withLock { $0.last = ContinuousClock.now }
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler { [self] in
            let stale = state.withLock { state -> Bool in
                guard !state.fired, ContinuousClock.now - state.last > idleLimit else { return false }
                state.fired = true
                return true
            }
            if stale, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        timer.resume()
    }

    /// Git wrote something.
    func progressed() { state.withLock { $0.last = ContinuousClock.now } }

    /// Stops watching.
    func stop() { timer.cancel() }

    /// Whether the process was stopped for giving nothing.
    var fired: Bool { state.withLock { $0.fired } }
}
