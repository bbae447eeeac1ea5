import Foundation

/// Memory shared by the scales that run at once, such as a batch's jobs or a server's requests:
/// each scale that carries it (`ScaleRequest.sharedBudget`) reserves its estimated peak
/// (`ImageScaler.estimatedMemory`) before it decodes and gives it back when it is done (encoded,
/// for the one-call encode), waiting while the others hold too much. Every scale of data takes
/// part: one output, several outputs from one decode, and the `async` forms. So many large
/// images at once stay within one budget instead of one per image.
///
/// A scale that needs the whole budget or more reserves all of it, and so runs alone; the per-image
/// limits (`ImageLimits.maxMemory`) still refuse what would not fit at all. Safe to share between
/// threads and tasks. The synchronous calls wait by blocking their thread; the `async` ones
/// suspend their task instead (holding no thread), in the order they came, and stop waiting
/// when their task is cancelled.
public final class MemoryBudget: @unchecked Sendable {
    /// The bytes shared.
    public let bytes: Int
    private let condition = NSCondition()
    private var reserved = 0
    private var peak = 0
    private var waiters: [Waiter] = []
    private var nextWaiter = 0

    /// An `async` reservation waiting for room.
    private struct Waiter {
        var id: Int
        var amount: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

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

    /// The most bytes reserved at once since the budget was made: never more than `bytes`.
    public var peakReservedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }

    /// Waits until `amount` bytes (at most the whole budget) are free, reserves them and returns
    /// how many were reserved, for `release(_:)`.
    func reserve(_ amount: Int) -> Int {
        let wanted = min(max(0, amount), bytes)
        condition.lock()
        defer { condition.unlock() }
        while reserved + wanted > bytes || !waiters.isEmpty { condition.wait() }
        take(wanted)
        return wanted
    }

    /// `reserve(_:)` without blocking a thread: the task is suspended until the bytes are free.
    /// Returns nil, reserving nothing, when the task is cancelled before they are.
    package func reserve(_ amount: Int) async -> Int? {
        let wanted = min(max(0, amount), bytes)
        guard let id = reserveAtOnce(wanted) else { return wanted }
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                wait(Waiter(id: id, amount: wanted, continuation: continuation))
            }
        } onCancel: {
            stopWaiting(id)
        }
        return granted ? wanted : nil
    }

    /// Reserves `amount` when it fits and no task waits before it (nil); else the number under
    /// which the task is to wait.
    private func reserveAtOnce(_ amount: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        if waiters.isEmpty, reserved + amount <= bytes {
            take(amount)
            return nil
        }
        nextWaiter += 1
        return nextWaiter
    }

    /// Queues `waiter`, unless its task is cancelled already (it is then told no at once).
    private func wait(_ waiter: Waiter) {
        condition.lock()
        if Task.isCancelled {
            condition.unlock()
            waiter.continuation.resume(returning: false)
            return
        }
        waiters.append(waiter)
        let ready = grantWaiters()
        condition.unlock()
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// Takes the waiter numbered `id` out of the queue, if it still waits, and tells it no.
    private func stopWaiting(_ id: Int) {
        condition.lock()
        let index = waiters.firstIndex { $0.id == id }
        let waiter = index.map { waiters.remove(at: $0) }
        // The next in line may fit now that this one no longer waits before it.
        let ready = grantWaiters()
        condition.broadcast()
        condition.unlock()
        waiter?.continuation.resume(returning: false)
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// Gives back bytes `reserve(_:)` reserved.
    package func release(_ amount: Int) {
        condition.lock()
        reserved -= amount
        let ready = grantWaiters()
        condition.broadcast()
        condition.unlock()
        for waiter in ready { waiter.resume(returning: true) }
    }

    /// Reserves `amount`; the lock is held.
    private func take(_ amount: Int) {
        reserved += amount
        peak = max(peak, reserved)
    }

    /// Reserves for the waiting tasks, first come first served, while the first fits; returns their
    /// continuations, to resume once the lock is given up. The lock is held.
    private func grantWaiters() -> [CheckedContinuation<Bool, Never>] {
        var ready: [CheckedContinuation<Bool, Never>] = []
        while let first = waiters.first, reserved + first.amount <= bytes {
            take(first.amount)
            ready.append(waiters.removeFirst().continuation)
        }
        return ready
    }
}
