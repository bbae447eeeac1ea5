import Foundation

/// Runs independent jobs on several threads and hands their results back in order, on the
/// calling thread, as soon as each result and all before it are done.
enum OrderedJobs {
    /// Runs `job` for every index in `0..<count` on up to `width` threads (on the calling thread
    /// alone when `width` is 1). `emit` gets each result in index order on the calling thread, and
    /// `completed` then hears how many jobs have finished.
    static func run<Result: Sendable>(
        count: Int, width: Int, job: @escaping @Sendable (Int) -> Result,
        completed: (Int) -> Void = { _ in }, emit: (Int, Result) -> Void
    ) {
        guard width > 1, count > 1 else {
            for index in 0..<count {
                emit(index, job(index))
                completed(index + 1)
            }
            return
        }
        let board = ResultBoard<Result>(count: count)
        for _ in 0..<min(width, count) {
            Thread.detachNewThread {
                while let index = board.claim() { board.store(job(index), at: index) }
            }
        }
        var next = 0
        var done = 0
        while next < count {
            let ready: [Result]
            (ready, done) = board.waitForResults(from: next, doneBefore: done)
            for result in ready {
                emit(next, result)
                next += 1
            }
            completed(done)
        }
    }
}

/// The shared state of one `OrderedJobs.run`: the next index to claim and the results so far.
private final class ResultBoard<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result?]
    private var nextClaim = 0
    private var done = 0

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next index no thread has taken, or nil when all are taken.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard nextClaim < results.count else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    func store(_ result: Result, at index: Int) {
        condition.lock()
        results[index] = result
        done += 1
        condition.signal()
        condition.unlock()
    }

    /// Waits until the result at `index` is in or more than `doneBefore` jobs are done, then takes
    /// the results from `index` on that are in without a gap; returns them with the number done.
    func waitForResults(from index: Int, doneBefore: Int) -> (ready: [Result], done: Int) {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil && done == doneBefore { condition.wait() }
        var ready: [Result] = []
        var position = index
        while position < results.count, let result = results[position] {
            ready.append(result)
            results[position] = nil
            position += 1
        }
        return (ready, done)
    }
}
