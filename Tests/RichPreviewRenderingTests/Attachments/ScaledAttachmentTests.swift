import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `AttachmentInspector.inspect(bytes:name:options:scalingTo:)` reports what the decoding
/// inspector reports and gives the sizes `ImageScaler.scale(_:to:)` gives, from one decode.
struct ScaledAttachmentTests {
    static let requests = [
        ScaleRequest(box: PixelSize(width: 300, height: 300)), ScaleRequest(box: PixelSize(width: 64, height: 64)),
    ]

    static func file(_ path: String) throws -> Data { try Data(contentsOf: TestPaths.packageFile(path)) }

    static let inputs: [(name: String, bytes: @Sendable () throws -> Data)] = [
        ("photo.jpg", { try file("Resources/attachments/sample-image.jpg") }),
        ("badge.png", { try file("Resources/attachments/sample-badge.png") }),
        ("badge.gif", { try file("Resources/attachments/sample-badge.gif") }),
        ("cut.jpg", { try file("Resources/attachments/sample-image.jpg").prefix(4000) }),
        ("cut.png", { try file("Resources/attachments/sample-badge.png").dropLast(30) }),
        ("sound.m4a", { try file("Resources/attachments/sample-audio.m4a") }),
        ("movie.mp4", { try file("Resources/attachments/sample-movie.mp4") }),
        ("named-wrong.png", { try file("Resources/attachments/sample-image.jpg") }),
        ("empty.png", { Data() }),
    ]

    /// The synchronous inspection, from a synchronous function (in `async` code the `async` one is chosen).
    func inspectHere(_ bytes: Data, name: String) -> AttachmentInspector.ScaledAttachment {
        AttachmentInspector().inspect(bytes: bytes, name: name, scalingTo: Self.requests)
    }

    @Test func theAsyncFormReservesTheSharedBudgetAndGivesTheSameImages() async throws {
        let photo = try Self.file("Resources/attachments/sample-image.jpg")
        let budget = MemoryBudget(bytes: 256 << 20)
        var requests = Self.requests
        requests[0].sharedBudget = budget
        let checked = try await AttachmentInspector().inspect(
            bytes: photo, name: "photo.jpg", scalingTo: requests, on: WorkerPool(threads: 1))
        #expect(checked.images?.images == inspectHere(photo, name: "photo.jpg").images?.images)
        #expect(checked.report.isValid)
        #expect(budget.peakReservedBytes == (try ImageScaler.estimatedMemory(photo, for: Self.requests)))
        #expect(budget.reservedBytes == 0)
        // Audio has no image to reserve for: nothing is held.
        let audio = try Self.file("Resources/attachments/sample-audio.m4a")
        let heard = try await AttachmentInspector().inspect(bytes: audio, name: "sound.m4a", scalingTo: requests)
        #expect(heard.images == nil && budget.reservedBytes == 0)
    }

    @Test(arguments: inputs.indices)
    func theReportIsTheDecodingInspectorsAndTheImagesTheScalersOwn(index: Int) throws {
        let (name, bytes) = Self.inputs[index]
        let data = try bytes()
        let scaled = AttachmentInspector().inspect(bytes: data, name: name, scalingTo: Self.requests)
        let checked = AttachmentInspector.decodingImages().inspect(bytes: data, name: name)
        #expect(scaled.report == checked, "\(name)")
        if checked.isValid, checked.kind == .image {
            let alone = try ImageScaler.scale(data, to: Self.requests)
            // The same pixels (the reports differ only in their times).
            let samePixels = scaled.images?.images == alone.images
            #expect(samePixels, "\(name)")
            #expect(scaled.images?.reports.map(\.outputSize) == alone.reports.map(\.outputSize))
            #expect(scaled.images?.images.map(\.size).allSatisfy { $0.width <= 300 && $0.height <= 300 } == true)
        } else {
            #expect(scaled.images == nil, "\(name)")
        }
    }

    @Test func anImageOverTheLimitsIsNotDecodedNorScaled() throws {
        let data = try Self.file("Resources/attachments/sample-image.jpg")
        let limits = ImageLimits(maxPixels: 1000)
        let requests = [ScaleRequest(box: PixelSize(width: 10, height: 10), limits: limits)]
        let scaled = AttachmentInspector().inspect(bytes: data, name: "photo.jpg", scalingTo: requests)
        #expect(
            scaled.report == AttachmentInspector.decodingImages(limits: limits).inspect(bytes: data, name: "photo.jpg"))
        #expect(scaled.report.isValid && scaled.report.notDecodedReason != nil)
        #expect(scaled.images == nil)
    }

    @Test func requestsThatCannotBeMetStillCheckTheImage() throws {
        let data = try Self.file("Resources/attachments/sample-image.jpg")
        let checked = AttachmentInspector.decodingImages().inspect(bytes: data, name: "photo.jpg")
        for requests in [[], [ScaleRequest(box: PixelSize(width: 0, height: 5))]] {
            let scaled = AttachmentInspector().inspect(bytes: data, name: "photo.jpg", scalingTo: requests)
            #expect(scaled.report == checked)
            #expect(scaled.images == nil)
        }
        let cut = data.prefix(3000)
        let refused = AttachmentInspector().inspect(bytes: cut, name: "cut.jpg", scalingTo: [])
        #expect(refused.report.error?.kind == .corrupt)
    }
}
