import Foundation

/// Decodes on the calling thread while one helper thread resamples: decoded row batches pass
/// through a fixed ring of `slots` buffers, so the decoder runs at most that many batches ahead
/// and memory stays bounded. The resampler sees the same rows in the same batches as on one
/// thread, so the pixels are the same.
final class ResamplingPipeline: @unchecked Sendable {
    // Unchecked: the decoder writes a slot only between taking it from `free` and publishing it
    // with `filled`; the helper reads it only between taking it from `filled` and handing it back
    // with `free`. The semaphores order those accesses. The resampler is used only by the helper
    // until the decoder has joined it, and `resampleTime` is read only after that.

    /// Row batches in flight between the decoder and the resampler.
    static let slots = 3

    private let resampler: StreamingResampler
    private let batchRows: Int
    private let rowBytes: Int
    private let slotBytes: Int
    private let buffers: UnsafeMutablePointer<UInt8>
    private let counts: UnsafeMutablePointer<Int>
    /// Created at 0 and signalled `slots` times: libdispatch traps when a semaphore is released
    /// below the value it was created with, as `free` is when the decoder stops with slots taken.
    private let free = DispatchSemaphore(value: 0)
    private let filled = DispatchSemaphore(value: 0)
    private var resampleTime = Duration.zero
    private var helper: JoinableThread?

    /// A pipeline feeding `resampler` batches of `batchRows` rows of `rowBytes` bytes.
    init(resampler: StreamingResampler, batchRows: Int, rowBytes: Int) {
        self.resampler = resampler
        self.batchRows = batchRows
        self.rowBytes = rowBytes
        slotBytes = batchRows * rowBytes + resampler.rowPaddingBytes
        buffers = .allocate(capacity: Self.slots * slotBytes)
        buffers.initialize(repeating: 0, count: Self.slots * slotBytes)
        counts = .allocate(capacity: Self.slots)
        counts.initialize(repeating: 0, count: Self.slots)
        for _ in 0..<Self.slots { free.signal() }
    }

    deinit {
        buffers.deallocate()
        counts.deallocate()
    }

    /// The bytes of the batch buffers for rows of `rowBytes` bytes, for the memory budget.
    static func estimatedBytes(batchRows: Int, rowBytes: Int) -> Double {
        Double(slots) * Double(batchRows) * Double(rowBytes)
    }

    /// Starts the helper thread; false when the system refuses one (then nothing has started and
    /// the caller resamples on its own thread). Call `run` after a true answer.
    func startHelper() -> Bool {
        helper = JoinableThread { [self] in resampleBatches() }
        return helper != nil
    }

    /// Reads the `rows` rows of `source` (already started) and then the rest of its file, while
    /// the helper started by `startHelper` resamples them. Returns the time spent decoding (on
    /// this thread) and resampling (on the helper); the two overlap.
    /// - Throws: the decoder's error, after the helper has stopped.
    func run(_ source: RowSource, rows: Int) throws(ImageDecodingError) -> (decode: Duration, resample: Duration) {
        let clock = ContinuousClock()
        var decodeTime = Duration.zero
        var failure: ImageDecodingError?
        var slot = 0
        var row = 0
        while row < rows {
            free.wait()
            if Task.isCancelled {
                failure = .cancelled(stage: .decode)
                break
            }
            let count = min(batchRows, rows - row)
            let start = clock.now
            do {
                try source.readRows(into: buffers + slot * slotBytes, count: count)
            } catch {
                failure = error
                break
            }
            decodeTime += clock.now - start
            counts[slot] = count
            filled.signal()
            slot = (slot + 1) % Self.slots
            row += count
        }
        // The end marker: a failed read already holds its slot.
        if failure == nil { free.wait() }
        counts[slot] = 0
        filled.signal()
        if failure == nil {
            let start = clock.now
            do {
                try source.finish()
            } catch {
                failure = error
            }
            decodeTime += clock.now - start
        }
        helper?.join()
        helper = nil
        if let failure { throw failure }
        return (decodeTime, resampleTime)
    }

    /// The helper thread: resamples each published batch and hands its slot back, until the end marker.
    private func resampleBatches() {
        let clock = ContinuousClock()
        var slot = 0
        while true {
            filled.wait()
            let count = counts[slot]
            if count == 0 { break }
            let start = clock.now
            resampler.consume(buffers + slot * slotBytes, count: count, stride: rowBytes)
            resampleTime += clock.now - start
            free.signal()
            slot = (slot + 1) % Self.slots
        }
    }
}
