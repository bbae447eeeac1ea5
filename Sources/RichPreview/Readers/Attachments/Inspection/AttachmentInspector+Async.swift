import Foundation

extension AttachmentInspector {
    /// `inspect(bytes:name:options:)` on `pool` (the library's own threads), so that a server's
    /// cooperative threads are not held while the attachment is read and its image decoded.
    /// - Throws: `CancellationError` when the task is cancelled before the inspection starts.
    public func inspect(
        bytes: Data, name: String?, options: AttachmentOptions = AttachmentOptions(), on pool: WorkerPool = .shared
    ) async throws(CancellationError) -> AttachmentReport {
        try await pool.runUnlessCancelled { inspect(bytes: bytes, name: name, options: options) }
    }
}
