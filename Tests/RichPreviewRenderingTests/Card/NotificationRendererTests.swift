import Foundation
import RichPreview
import RichPreviewImaging
import RichPreviewMedia
import RichPreviewRendering
import RichPreviewTestSupport
import Testing

/// `NotificationRenderer`: a payload and its attachment's bytes in, PNG bytes or terminal text out,
/// with what was found, and no field to fake.
struct NotificationRendererTests {
    static let payload = Data(
        #"{"aps": {"alert": {"title": "Delivered", "body": "At the door"}, "mutable-content": 1}, "image": "red.png"}"#
            .utf8)

    @Test func aPayloadAndItsImageBytesMakeAPicture() throws {
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let rendered = try NotificationRenderer().png(payload: Self.payload, attachment: png, attachmentName: "red.png")
        let picture = try ImageScaler.scale(
            rendered.output, to: ScaleRequest(box: PixelSize(width: 4000, height: 4000), enlarging: false)
        ).image
        #expect(picture.size.width == 750)
        #expect(
            TestImages.bounds(in: picture, where: TestImages.isRed) != nil, "the image is drawn from its bytes alone")
        #expect(rendered.card.attachment?.path == nil && rendered.card.attachment?.isDrawableImage == true)
        #expect(rendered.findings.allSatisfy { $0.severity != .error }, "\(rendered.findings)")
    }

    @Test func theSameCallDrawsText() throws {
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let rendered = try NotificationRenderer().text(
            payload: Self.payload, attachment: png, attachmentName: "red.png", columns: 40)
        let rows = rendered.output.split(separator: "\n")
        #expect(rows.contains { $0.contains("Delivered") })
        #expect(rows.count > 10, "the image's rows are drawn")
    }

    /// The synchronous text, from a synchronous function (in `async` code the `async` form is chosen).
    func textHere(_ png: Data) throws -> String {
        try NotificationRenderer().text(payload: Self.payload, attachment: png, attachmentName: "red.png", columns: 40)
            .output
    }

    @Test func theAsyncFormsDrawOnThePoolAndStopWhenCancelled() async throws {
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let pool = WorkerPool(threads: 1)
        let text = try await NotificationRenderer().text(
            payload: Self.payload, attachment: png, attachmentName: "red.png", columns: 40, on: pool)
        #expect(text.output == (try textHere(png)))
        let picture = try await NotificationRenderer().png(
            payload: Self.payload, attachment: png, attachmentName: "red.png", on: pool)
        #expect(try ImageHeader.read(picture.output).size.width == 750)
        let cancelled = await Task { () async -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(NotificationRenderer.Failure) {
                _ = try await NotificationRenderer().png(payload: Self.payload, on: pool)
                return false
            } catch {
                return error.nameOfCaseWithoutValues == "cancelled"
            }
        }.value
        #expect(cancelled)
    }

    @Test func aMovieIsDrawnWithItsFrame() throws {
        let movie = try Data(contentsOf: MoviePosterTests.clip)
        let rendered = try NotificationRenderer().png(
            payload: Self.payload, attachment: movie, attachmentName: "clip.mp4")
        let picture = try ImageScaler.scale(
            rendered.output, to: ScaleRequest(box: PixelSize(width: 4000, height: 4000), enlarging: false)
        ).image
        #expect(TestImages.bounds(in: picture, where: TestImages.isRed) != nil)
        #expect(rendered.card.attachment?.kind == .movie)
    }

    @Test func aDamagedAttachmentIsReportedAndNotDrawn() throws {
        let png = try TestImages.solidPNG(width: 64, height: 64)
        let rendered = try NotificationRenderer().png(
            payload: Self.payload, attachment: png.prefix(60), attachmentName: "red.png")
        #expect(rendered.findings.contains { $0.rule == "attachment-corrupt" })
        #expect(rendered.card.attachment?.problem != nil)
    }

    @Test func anInvalidPayloadThrowsWithItsFindings() {
        #expect(throws: NotificationRenderer.Failure.self) {
            try NotificationRenderer().png(payload: Data("{".utf8))
        }
        do {
            _ = try NotificationRenderer().text(payload: Data(#"{"aps": 3}"#.utf8))
            Issue.record("an invalid payload was drawn")
        } catch {
            if case .invalidPayload(let findings) = error { #expect(!findings.isEmpty) }
        }
    }
}
