import Foundation
import RichPreviewSystem
import Synchronization

/// A fixed number of worker threads over a bounded queue: `submit` takes a job when a worker or a
/// place in the queue is free, and refuses it otherwise, so that work waiting never grows past
/// `workers + queue` jobs.
final class WorkerPool: @unchecked Sendable {
    private struct State {
        var waiting: [@Sendable () -> Void] = []
        var running = 0
        var stopping = false
    }

    private let state = Mutex(State())
    private let condition = NSCondition()
    private let capacity: Int
    /// Set once by `init`, read by `stop`.
    private var threads: [JoinableThread] = []

    /// Whether `submit` would refuse a job now.
    var isFull: Bool { state.withLock { $0.stopping || $0.waiting.count + $0.running >= capacity } }

    /// Jobs waiting for a worker.
    var queued: Int { state.withLock { $0.waiting.count } }
    /// Jobs being worked on.
    var running: Int { state.withLock { $0.running } }

    /// Starts `workers` threads that take up to `queue` more jobs waiting.
    init(workers: Int, queue: Int) {
        capacity = workers + queue
        var started: [JoinableThread] = []
        for _ in 0..<workers {
            if let thread = JoinableThread(running: { [self] in work() }) { started.append(thread) }
        }
        threads = started
    }

    /// Queues `job`; false when `workers + queue` jobs are already taken or the pool is stopping.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let taken = state.withLock { state -> Bool in
            guard !state.stopping, state.waiting.count + state.running < capacity else { return false }
            state.waiting.append(job)
            return true
        }
        if taken {
            condition.lock()
            condition.signal()
            condition.unlock()
        }
        return taken
    }

    /// Lets the queued jobs run, then ends the threads once they are idle.
    func stop() {
        state.withLock { $0.stopping = true }
        condition.lock()
        condition.broadcast()
        condition.unlock()
        for thread in threads { thread.join() }
    }

    private func work() {
        while true {
            condition.lock()
            var job: (@Sendable () -> Void)?
            while true {
                let (next, done) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
                    if !state.waiting.isEmpty {
                        state.running += 1
                        return (state.waiting.removeFirst(), false)
                    }
                    return (nil, state.stopping)
                }
                if next != nil || done {
                    job = next
                    break
                }
                condition.wait()
            }
            condition.unlock()
            guard let job else { return }
            job()
            state.withLock { $0.running -= 1 }
        }
    }
}
