import Foundation

/// Memory shared by the scales that run at once, such as a batch's jobs: each scale that carries
/// it (`ScaleRequest.sharedBudget`) reserves its estimated peak (`ImageScaler.estimatedMemory`)
/// before it decodes and gives it back when it has encoded, waiting while the others hold too much.
/// So a batch of many large images at once stays within one budget instead of one per image.
///
/// A scale that needs the whole budget or more reserves all of it, and so runs alone; the per-image
/// limits (`ImageLimits.maxMemory`) still refuse what would not fit at all. Safe to share between
/// threads and tasks; waiting blocks the calling thread.
public final class MemoryBudget: @unchecked Sendable {
    /// The bytes shared.
    public let bytes: Int
    private let condition = NSCondition()
    private var reserved = 0

    /// A budget of `bytes` (at least 1) shared by every scale given it.
    public init(bytes: Int) {
        self.bytes = max(1, bytes)
    }

    /// The bytes reserved at this moment.
    public var reservedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return reserved
    }

    /// Waits until `amount` bytes (at most the whole budget) are free, reserves them and returns
    /// how many were reserved, for `release(_:)`.
    func reserve(_ amount: Int) -> Int {
        let wanted = min(max(0, amount), bytes)
        condition.lock()
        defer { condition.unlock() }
        while reserved + wanted > bytes { condition.wait() }
        reserved += wanted
        return wanted
    }

    /// Gives back bytes `reserve(_:)` reserved.
    func release(_ amount: Int) {
        condition.lock()
        reserved -= amount
        condition.broadcast()
        condition.unlock()
    }
}
