import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentNotDecoded`: an image whose pixels were not checked (no decoder, or over the
/// caller's limits) gets a note and is not refused; one decoded whole gets none.
struct AttachmentNotDecodedTests {
    /// The findings of the sample JPEG as a payload's attachment, inspected with `probe`.
    static func check(probe: ImageProbe?) throws -> PayloadAttachments.Attachment {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: TestPaths.packageFile("Resources/attachments/sample-image.jpg"),
            to: folder.appendingPathComponent("photo.jpg"))
        let data = Data(#"{"aps": {"alert": "x", "mutable-content": 1}, "image": "photo.jpg"}"#.utf8)
        let payload = try #require(PayloadDecoder().check(data, file: "push.json").payload)
        let checker = PayloadAttachments(folder: folder, inspector: AttachmentInspector(imageProbe: probe))
        return try #require(checker.check(payload, file: folder.appendingPathComponent("push.json").path).first)
    }

    @Test func triggers() throws {
        let overLimit: ImageProbe = { _ in
            .failure(
                ImageProbeFailure(
                    reason: "not decoded whole: JPEG of 640x427 is 273280 pixels, over the limit of 1000",
                    isOverLimit: true, header: ImageFacts(width: 640, height: 427, bitDepth: 8)))
        }
        for (probe, text) in [(overLimit, "over the limit of 1000"), (nil, "signature only")] {
            let attachment = try Self.check(probe: probe)
            #expect(attachment.report.error == nil)
            let notes = attachment.findings.filter { $0.rule == "attachment-not-decoded" }
            #expect(notes.map(\.severity) == [.note] && notes[0].message.contains(text), "\(attachment.findings)")
            #expect(attachment.findings.allSatisfy { $0.rule != "attachment-corrupt" })
        }
        #expect(try Self.check(probe: overLimit).report.image?.width == 640)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let whole: ImageProbe = { _ in .success(ImageFacts(width: 640, height: 427, bitDepth: 8)) }
        let damaged: ImageProbe = { _ in .failure(ImageProbeFailure(reason: "premature end of data")) }
        #expect(try Self.check(probe: whole).findings.allSatisfy { $0.rule != "attachment-not-decoded" })
        let corrupt = try Self.check(probe: damaged)
        #expect(corrupt.report.error?.kind == .corrupt)
        #expect(corrupt.findings.contains { $0.rule == "attachment-corrupt" })
        #expect(corrupt.findings.allSatisfy { $0.rule != "attachment-not-decoded" })
    }
}
