import Foundation

/// The `async` entry points, for servers and workers: the same jobs as the synchronous calls, run
/// on a `WorkerPool` (the library's own threads) instead of the calling thread, so that no
/// thread of Swift's cooperative pool is held while an image is decoded, scaled or encoded.
///
/// Each call first waits, suspended, for room in the request's `sharedBudget` (no thread is
/// blocked), then for a thread of the pool, and runs there on that one thread (a scale's helper
/// thread is not used: the pool's size is the parallelism). A task cancelled meanwhile stops at
/// the next stage (between row batches of a streamed decode, before each output's resampling,
/// before the encode) and throws `.cancelled`, with the budget given back.
extension ImageScaler {
    /// `scale(_:to:)` on `pool`, waiting for its budget without blocking a thread.
    /// - Throws: `ImageDecodingError`, as `scale(_:to:)`; `.cancelled` when the task is cancelled.
    public static func scale(_ data: Data, to request: ScaleRequest, on pool: WorkerPool = .shared)
        async throws(ImageDecodingError) -> ScaledImage
    {
        let started = ContinuousClock.now
        let reserved = try await reserveSharedBudget(
            request.sharedBudget,
            estimating: { () throws(ImageDecodingError) in
                try estimatedMemory(data, for: request)
            })
        defer { request.sharedBudget?.release(reserved) }
        let onPool = request.onPoolThread
        return try await pool.run { () throws(ImageDecodingError) in
            let scaled = try decodeAndScale(data, to: onPool, encoding: nil, since: started)
            request.observer?(.finished(scaled.cost))
            return scaled
        }
    }

    /// `scale(_:to:encodingAs:)` on `pool`: bytes in, bytes out, waiting for its budget (which
    /// covers the encode) without blocking a thread.
    /// - Throws: `ImageProcessingError`, as `scale(_:to:encodingAs:)`; `.cancelled` when the task is cancelled.
    public static func scale(
        _ data: Data, to request: ScaleRequest, encodingAs encoding: ImageEncoding, on pool: WorkerPool = .shared
    ) async throws(ImageProcessingError) -> ScaledImageData {
        let started = ContinuousClock.now
        let reserved: Int
        do throws(ImageDecodingError) {
            reserved = try await reserveSharedBudget(
                request.sharedBudget,
                estimating: { () throws(ImageDecodingError) in
                    try estimatedMemory(data, for: request, encoding: encoding)
                })
        } catch {
            throw ImageProcessingError(error)
        }
        defer { request.sharedBudget?.release(reserved) }
        let onPool = request.onPoolThread
        return try await pool.run { () throws(ImageProcessingError) in
            let scaled: ScaledImage
            do throws(ImageDecodingError) {
                scaled = try decodeAndScale(data, to: onPool, encoding: encoding, since: started)
            } catch {
                throw ImageProcessingError(error)
            }
            return try encode(scaled, as: encoding, for: onPool)
        }
    }

    /// `scale(_:to:)` with several requests (one decode, many outputs) on `pool`, waiting for the
    /// first request's budget, which covers the decoded image and every output, without blocking a thread.
    /// - Throws: `ImageDecodingError`, as `scale(_:to:)` with several requests; `.cancelled` when
    ///   the task is cancelled.
    public static func scale(_ data: Data, to requests: [ScaleRequest], on pool: WorkerPool = .shared)
        async throws(ImageDecodingError) -> ScaledImages
    {
        let started = ContinuousClock.now
        guard let first = requests.first else { throw .invalidRequest(reason: "no size was asked for") }
        let reserved = try await reserveSharedBudget(
            first.sharedBudget,
            estimating: { () throws(ImageDecodingError) in
                try estimatedMemory(data, for: requests)
            })
        defer { first.sharedBudget?.release(reserved) }
        let onPool = requests.map(\.onPoolThread)
        return try await pool.run { () throws(ImageDecodingError) in
            let scaled = try decodeAndScale(data, to: onPool, since: started)
            first.observer?(.finished(scaled.cost))
            return scaled
        }
    }

    /// Reserves `estimating()` bytes in `budget`, suspended until they are free; 0 without a budget.
    /// - Throws: the estimate's error; `.cancelled` when the task is cancelled while it waits.
    private static func reserveSharedBudget(
        _ budget: MemoryBudget?, estimating estimate: () throws(ImageDecodingError) -> Int
    ) async throws(ImageDecodingError) -> Int {
        guard let budget else { return 0 }
        guard let reserved = await budget.reserve(try estimate()) else { throw .cancelled(stage: .decode) }
        return reserved
    }
}

extension ScaleRequest {
    /// The request as a job on a pool thread runs it: on that thread alone, its budget already reserved.
    fileprivate var onPoolThread: ScaleRequest {
        var request = self
        request.threads = 1
        request.sharedBudget = nil
        return request
    }
}
