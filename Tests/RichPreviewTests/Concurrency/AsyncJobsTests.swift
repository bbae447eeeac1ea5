import Foundation
import RichPreview
import Testing

/// The core's `async` entry points: the synchronous calls' results, from the worker pool, and
/// `CancellationError` for a task cancelled before its job starts.
struct AsyncJobsTests {
    static let payload = Data(#"{"aps": {"alert": {"title": "Hi"}, "catgory": "x", "mutable-content": "1"}}"#.utf8)
    static let files: [String: Data] = [
        "Push/order.json": Data(
            #"{"aps": {"alert": {"titel": "Order"}, "mutable-content": 1}, "image": "map.png"}"#.utf8)
    ]

    /// The synchronous calls, from a synchronous function (in `async` code the `async` ones are chosen).
    func synchronously() -> (PayloadReport, PayloadReport, LintResult, AttachmentReport) {
        (
            PayloadDecoder().check(Self.payload, file: "p.json"), PayloadDecoder().preflight(Self.payload),
            Linter().lint(files: Self.files), AttachmentInspector().inspect(bytes: Self.payload, name: "a.json")
        )
    }

    @Test func theAsyncJobsGiveWhatTheSynchronousOnesGive() async throws {
        let pool = WorkerPool(threads: 1)
        let (check, preflight, lint, inspected) = synchronously()
        #expect(try await PayloadDecoder().check(Self.payload, file: "p.json", on: pool) == check)
        #expect(try await PayloadDecoder().preflight(Self.payload, on: pool) == preflight)
        let linted = try await Linter().lint(files: Self.files, on: pool)
        #expect(linted.findings == lint.findings && !linted.findings.isEmpty)
        #expect(try await AttachmentInspector().inspect(bytes: Self.payload, name: "a.json", on: pool) == inspected)
    }

    @Test func aCancelledTaskGetsCancellationErrorAndNoResult() async {
        let outcomes = await Task { () async -> [Bool] in
            withUnsafeCurrentTask { $0?.cancel() }
            var cancelled: [Bool] = []
            do {
                _ = try await PayloadDecoder().check(Self.payload)
                cancelled.append(false)
            } catch { cancelled.append(true) }
            do {
                _ = try await Linter().lint(files: Self.files)
                cancelled.append(false)
            } catch { cancelled.append(true) }
            do {
                _ = try await AttachmentInspector().inspect(bytes: Self.payload, name: "a.json")
                cancelled.append(false)
            } catch { cancelled.append(true) }
            return cancelled
        }.value
        #expect(outcomes == [true, true, true])
    }
}
