import Foundation

extension PayloadDecoder {
    /// `check(_:file:)` on `pool` (the library's own threads), off a server's cooperative threads.
    /// - Throws: `CancellationError` when the task is cancelled before the check starts.
    public func check(_ data: Data, file: String = Finding.inMemoryFile, on pool: WorkerPool = .shared)
        async throws(CancellationError) -> PayloadReport
    {
        try await pool.runUnlessCancelled { check(data, file: file) }
    }

    /// `preflight(_:file:)` on `pool` (the library's own threads), off a server's cooperative threads.
    /// - Throws: `CancellationError` when the task is cancelled before the check starts.
    public func preflight(_ data: Data, file: String = Finding.inMemoryFile, on pool: WorkerPool = .shared)
        async throws(CancellationError) -> PayloadReport
    {
        try await pool.runUnlessCancelled { preflight(data, file: file) }
    }
}
