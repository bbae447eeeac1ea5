import Foundation
import RichPreviewImaging
import RichPreviewTestSupport
import Synchronization
import Testing

/// The `async` entry points: the synchronous calls' results, run on the library's worker pool,
/// stopped by cancellation at the next stage, waiting for the shared budget without a thread.
struct AsyncScaleTests {
    static let samples = ["sample-image.jpg", "sample-badge.png", "sample-badge.gif"]

    static func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.packageFile("Resources/attachments/\(name)"))
    }

    /// A 960×720 JPEG of a smooth pattern: large enough to stream in many row batches.
    static let photo: Data = {
        let size = PixelSize(width: 960, height: 720)
        var pixels = [UInt8](repeating: 255, count: size.pixelCount * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = (y * size.width + x) * 4
                pixels[index] = UInt8(x * 255 / size.width)
                pixels[index + 1] = UInt8(y * 255 / size.height)
                pixels[index + 2] = UInt8((x + y) & 255)
            }
        }
        return (try? ImageEncoder.encode(RGBAImage(size: size, pixels: pixels), as: .jpeg(quality: 85)).data) ?? Data()
    }()

    /// The events a request's observer was told, in order.
    final class Events: Sendable {
        let events = Mutex<[ScaleEvent]>([])
        var all: [ScaleEvent] { events.withLock { $0 } }
        var stages: [ImagingStage] {
            all.compactMap { if case .stageFinished(let stage, _) = $0 { stage } else { nil } }
        }
        func record(_ event: ScaleEvent) { events.withLock { $0.append(event) } }
    }

    /// How many jobs run at once, and the most that did.
    final class Running: Sendable {
        let state = Mutex((now: 0, most: 0))
    }

    @Test func theAsyncCallsGiveWhatTheSynchronousOnesGive() async throws {
        let pool = WorkerPool(threads: 2)
        let request = ScaleRequest(box: PixelSize(width: 90, height: 90), threads: 1)
        let small = ScaleRequest(box: PixelSize(width: 30, height: 30), threads: 1)
        for name in Self.samples {
            let data = try Self.sample(name)
            let synchronous = try scaleHere(data, request)
            let asynchronous = try await ImageScaler.scale(data, to: request, on: pool)
            #expect(asynchronous.image == synchronous.image, "\(name)")
            #expect(asynchronous.report.outputSize == synchronous.report.outputSize)
            let encoded = try await ImageScaler.scale(data, to: request, encodingAs: .png(), on: pool)
            #expect(encoded.data == (try ImageEncoder.encode(synchronous.image, as: .png()).data), "\(name)")
            let many = try await ImageScaler.scale(data, to: [request, small], on: pool)
            #expect(many.images == (try scaleHere(data, [request, small]).images), "\(name)")
        }
    }

    /// The synchronous scale, called from a synchronous function (in `async` code the `async` one is chosen).
    func scaleHere(_ data: Data, _ request: ScaleRequest) throws -> ScaledImage {
        try ImageScaler.scale(data, to: request)
    }

    /// The synchronous scale to several sizes.
    func scaleHere(_ data: Data, _ requests: [ScaleRequest]) throws -> ScaledImages {
        try ImageScaler.scale(data, to: requests)
    }

    @Test func aPoolRunsNoMoreJobsAtOnceThanItHasThreads() async throws {
        let pool = WorkerPool(threads: 2)
        let running = Running()
        let data = Self.photo
        let request = ScaleRequest(box: PixelSize(width: 200, height: 200), threads: 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await pool.run { () throws(ImageDecodingError) in
                        running.state.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        defer { running.state.withLock { $0.now -= 1 } }
                        _ = try ImageScaler.scale(data, to: request)
                    }
                }
            }
            try await group.waitForAll()
        }
        let most = running.state.withLock { $0.most }
        #expect(most >= 1 && most <= 2)
    }

    /// What `body`, run in a task of its own, throws; nil when it returns.
    static func error<Failure: Error>(_ body: @escaping @Sendable () async throws(Failure) -> Void) async -> Failure? {
        await Task { () async -> Failure? in
            do throws(Failure) {
                try await body()
                return nil
            } catch {
                return error
            }
        }.value
    }

    @Test func cancellingAScaleStopsItBeforeTheNextStage() async throws {
        let pool = WorkerPool(threads: 1)
        let data = Self.photo
        @Sendable func cancellingAtDecode(_ events: Events) -> ScaleRequest {
            var request = ScaleRequest(box: PixelSize(width: 100, height: 100))
            request.observer = { event in
                events.record(event)
                if case .stageFinished(.decode, _) = event { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return request
        }

        let one = Events()
        let oneResult = await Self.error { () async throws(ImageDecodingError) in
            _ = try await ImageScaler.scale(data, to: cancellingAtDecode(one), on: pool)
        }
        #expect(oneResult == .cancelled(stage: .resample))
        #expect(one.stages == [.decode])

        let encoded = Events()
        let encodedResult = await Self.error { () async throws(ImageProcessingError) in
            _ = try await ImageScaler.scale(data, to: cancellingAtDecode(encoded), encodingAs: .png(), on: pool)
        }
        #expect(encodedResult == .cancelled(stage: .resample))
        #expect(encoded.stages == [.decode])

        let many = Events()
        let manyResult = await Self.error { () async throws(ImageDecodingError) in
            let second = ScaleRequest(box: PixelSize(width: 40, height: 40))
            _ = try await ImageScaler.scale(data, to: [cancellingAtDecode(many), second], on: pool)
        }
        #expect(manyResult == .cancelled(stage: .resample))
        #expect(many.stages == [.decode])
    }

    @Test func aTaskCancelledBeforeItsScaleStartsDoesNoWork() async throws {
        let events = Events()
        var request = ScaleRequest(box: PixelSize(width: 100, height: 100))
        request.observer = { events.record($0) }
        let data = Self.photo
        let result = await Task { () async -> ImageDecodingError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ImageDecodingError) {
                _ = try await ImageScaler.scale(data, to: request)
                return nil
            } catch { return error }
        }.value
        #expect(result == .cancelled(stage: .decode))
        #expect(events.all.isEmpty)
    }

    @Test func theCostIsAttachedToTheResultAndToldToTheObserver() async throws {
        let events = Events()
        var request = ScaleRequest(box: PixelSize(width: 100, height: 100))
        request.observer = { events.record($0) }
        let data = Self.photo
        let encoded = try await ImageScaler.scale(data, to: request, encodingAs: .png())
        #expect(events.stages == [.decode, .resample, .encode])
        #expect(events.all.last == .finished(encoded.cost))
        #expect(encoded.cost.decodeMilliseconds > 0 && encoded.cost.resampleMilliseconds > 0)
        #expect(encoded.cost.encodeMilliseconds > 0 && encoded.cost.encodeMilliseconds == encoded.encodeMilliseconds)
        #expect(encoded.cost.peakBytes == (try ImageScaler.estimatedMemory(data, for: request, encoding: .png())))

        let requests = [request, ScaleRequest(box: PixelSize(width: 40, height: 40))]
        let many = try scaleHere(data, requests)
        #expect(many.cost.peakBytes == (try ImageScaler.estimatedMemory(data, for: requests)))
        // At least the decoded image, held whole while the outputs are made.
        let reduction = many.jpegScaleDenominator
        #expect(many.cost.peakBytes > (960 / reduction) * (720 / reduction) * 4)
        #expect(many.cost.encodeMilliseconds == 0 && many.cost.decodeMilliseconds > 0)
    }

    @Test func everyPathReservesItsPeakInTheSharedBudgetAndStaysWithinIt() async throws {
        let data = Self.photo
        let small = ScaleRequest(box: PixelSize(width: 40, height: 40))
        var probe = ScaleRequest(box: PixelSize(width: 300, height: 300))
        let manyPeak = try ImageScaler.estimatedMemory(data, for: [probe, small])
        // Room for two of the largest at once, so that the others wait.
        let budget = MemoryBudget(bytes: manyPeak * 2 + manyPeak / 2)
        probe.sharedBudget = budget
        let overBudget = Running()
        probe.observer = { _ in
            if budget.reservedBytes > budget.bytes { overBudget.state.withLock { $0.now += 1 } }
        }
        let pool = WorkerPool(threads: 4)
        let shared = probe
        let peaks = try await withThrowingTaskGroup(of: Int.self) { group in
            for round in 0..<4 {
                group.addTask { try await ImageScaler.scale(data, to: shared, on: pool).cost.peakBytes }
                group.addTask {
                    try await ImageScaler.scale(data, to: shared, encodingAs: .jpeg(), on: pool).cost.peakBytes
                }
                group.addTask { try await ImageScaler.scale(data, to: [shared, small], on: pool).cost.peakBytes }
                group.addTask {
                    // The synchronous paths take part as well, from their own thread.
                    try await withCheckedThrowingContinuation { continuation in
                        Thread.detachNewThread {
                            continuation.resume(
                                with: Result {
                                    round.isMultiple(of: 2)
                                        ? try ImageScaler.scale(data, to: [shared, small]).cost.peakBytes
                                        : try ImageScaler.scale(data, to: shared).cost.peakBytes
                                })
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(peaks.count == 16 && peaks.allSatisfy { $0 > 0 })
        #expect(overBudget.state.withLock { $0.now } == 0)
        #expect(budget.peakReservedBytes <= budget.bytes)
        #expect(budget.peakReservedBytes >= manyPeak)
        #expect(budget.reservedBytes == 0)
    }

    @Test(.timeLimit(.minutes(2))) func aScaleWaitingForTheBudgetStopsWhenCancelled() async throws {
        let data = Self.photo
        var request = ScaleRequest(box: PixelSize(width: 100, height: 100))
        let budget = MemoryBudget(bytes: try ImageScaler.estimatedMemory(data, for: request))
        request.sharedBudget = budget
        let holding = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        var holder = request
        holder.observer = { event in
            guard case .stageFinished(.decode, _) = event else { return }
            holding.signal()
            letGo.wait()
        }
        let pool = WorkerPool(threads: 2)
        let first = Task { try await ImageScaler.scale(data, to: holder, on: pool) }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                holding.wait()
                continuation.resume()
            }
        }
        #expect(budget.reservedBytes == budget.bytes)
        let waiting = Task { () async -> ImageDecodingError? in
            do throws(ImageDecodingError) {
                _ = try await ImageScaler.scale(data, to: request, on: pool)
                return nil
            } catch { return error }
        }
        waiting.cancel()
        #expect(await waiting.value == .cancelled(stage: .decode))
        letGo.signal()
        #expect(try await first.value.image.size == PixelSize(width: 100, height: 75))
        #expect(budget.reservedBytes == 0)
    }
}
