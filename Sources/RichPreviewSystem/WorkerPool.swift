import Foundation

/// Threads of the library's own that run its CPU-bound work for `async` callers, so that decoding,
/// scaling, rendering or linting never holds a thread of Swift's cooperative pool (where a
/// server's request handlers and timers run). The library's `async` entry points take one
/// (`on pool:`, `WorkerPool.shared` by default), wait for a free thread without blocking one, run
/// the job there, and resume the caller when it is done. A task cancelled while its job waits or
/// runs is noticed at the job's next stage.
///
/// At most `threads` jobs run at once; the others wait in the order they came. Threads are started
/// when jobs arrive and end after a few idle seconds. A pool is a `TaskExecutor`: code run under
/// `withTaskExecutorPreference(pool)` runs on its threads too.
public final class WorkerPool: TaskExecutor, @unchecked Sendable {
    /// The most jobs this pool runs at once, each on a thread of its own.
    public let threads: Int
    /// The pool the `async` entry points use unless given another: `defaultThreads` threads.
    public static let shared = WorkerPool()
    /// The cores this process may use: the default size of a pool.
    public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Seconds a thread with nothing to run waits for a job before it ends.
    private static let idleSeconds = 5.0
    private let condition = NSCondition()
    private var queue = JobQueue()
    private var running = 0
    private var idle = 0

    /// A pool of `threads` threads (at least 1); by default one per core.
    public init(threads: Int = WorkerPool.defaultThreads) {
        self.threads = max(1, threads)
    }

    /// Runs `job` on one of the pool's threads once one is free, and returns what it returns.
    /// The calling task is suspended meanwhile, not blocked; inside `job`, `Task.isCancelled` is the
    /// calling task's.
    public func run<T, Failure: Error>(_ job: () throws(Failure) -> T) async throws(Failure) -> T {
        try await withTaskExecutorPreference(self) { () async throws(Failure) -> T in
            try job()
        }
    }

    /// Runs `job` as `run(_:)` does, unless the calling task has been cancelled by the time a thread
    /// is free: then it throws `CancellationError` without running it. For the jobs whose
    /// synchronous form cannot fail.
    public func runUnlessCancelled<T>(_ job: () -> T) async throws(CancellationError) -> T {
        try await run { () throws(CancellationError) -> T in
            if Task.isCancelled { throw CancellationError() }
            return job()
        }
    }

    /// Queues a job of the Swift runtime; a thread of the pool runs it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        let starts = queue.count > idle && running < threads
        if starts { running += 1 }
        condition.signal()
        condition.unlock()
        if starts, !startThread() {
            // The system refused a thread: the ones already running take the job; with none, this
            // one runs it here, so that it is never lost.
            condition.lock()
            running -= 1
            let alone = running == 0
            condition.unlock()
            if alone { runQueued() }
        }
    }

    private func startThread() -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                let pool = Unmanaged<WorkerPool>.fromOpaque(context).takeRetainedValue()
                pool.work()
                return nil
            }, context)
        if status != 0 { Unmanaged<WorkerPool>.fromOpaque(context).release() }
        return status == 0
    }

    /// A thread's loop: runs queued jobs until none has come for `idleSeconds`.
    private func work() {
        condition.lock()
        while true {
            if let job = queue.popFirst() {
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                condition.lock()
                continue
            }
            idle += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: Self.idleSeconds))
            idle -= 1
            if !woken, queue.isEmpty {
                running -= 1
                condition.unlock()
                return
            }
        }
    }

    /// Runs every queued job on this thread (when no thread of the pool could be started).
    private func runQueued() {
        while true {
            condition.lock()
            let job = queue.popFirst()
            condition.unlock()
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The pool's jobs in arrival order.
private struct JobQueue {
    private var jobs: [UnownedJob] = []
    private var head = 0

    var isEmpty: Bool { head == jobs.count }
    var count: Int { jobs.count - head }

    mutating func append(_ job: UnownedJob) {
        jobs.append(job)
    }

    mutating func popFirst() -> UnownedJob? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
