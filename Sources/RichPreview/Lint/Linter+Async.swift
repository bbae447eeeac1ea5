import Foundation

extension Linter {
    /// `lint(_:progress:)` on `pool` (the library's own threads), off a server's cooperative threads.
    /// - Throws: `CancellationError` when the task is cancelled before the lint starts or while it
    ///   runs: it then stops once the project is read, or before its next project rule.
    public func lint(_ paths: [String], progress: (@Sendable (Int) -> Void)? = nil, on pool: WorkerPool = .shared)
        async throws(CancellationError) -> LintResult
    {
        try await stoppingWhenCancelled(on: pool) { lint(paths, progress: progress) }
    }

    /// `lint(files:)` on `pool` (the library's own threads), off a server's cooperative threads.
    /// - Throws: `CancellationError` when the task is cancelled before the lint starts or while it
    ///   runs: it then stops once the project is read, or before its next project rule.
    public func lint(files: [String: Data], on pool: WorkerPool = .shared) async throws(CancellationError)
        -> LintResult
    {
        try await stoppingWhenCancelled(on: pool) { lint(files: files) }
    }

    /// Whether a lint stops early when its task is cancelled: only under the `async` forms, which
    /// then throw rather than return what was found so far.
    @TaskLocal static var stopsWhenCancelled = false

    private func stoppingWhenCancelled(on pool: WorkerPool, _ job: () -> LintResult) async throws(CancellationError)
        -> LintResult
    {
        let result: LintResult
        do {
            result = try await Self.$stopsWhenCancelled.withValue(true) {
                try await pool.runUnlessCancelled(job)
            }
        } catch {
            throw CancellationError()
        }
        if Task.isCancelled { throw CancellationError() }
        return result
    }
}

extension LintResult {
    /// What a lint stopped by its task's cancellation returns to the `async` form, which throws instead.
    static let cancelled = LintResult(
        findings: [], filesWalked: 0, counts: [:], notes: [], unreadablePaths: [], milliseconds: 0,
        warningsAsErrors: false)
}
