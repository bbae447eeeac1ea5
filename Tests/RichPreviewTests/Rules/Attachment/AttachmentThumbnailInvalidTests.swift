import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentThumbnailInvalid`: a case that triggers the rule and a near miss that must not.
struct AttachmentThumbnailInvalidTests {
    static let movie = TestPaths.fixture("media/mp4-h264-aac-faststart.mp4").path

    @Test func triggers() {
        let report = AttachmentInspector().inspect(
            file: Self.movie,
            options: AttachmentOptions(thumbnailClippingRect: UnitRect(x: 0.9, y: 0, width: 0.5, height: 1)))
        #expect(report.warnings.map(\.rule) == ["attachment-thumbnail-invalid"])
    }

    @Test func nearMissDoesNotTrigger() {
        let report = AttachmentInspector().inspect(
            file: Self.movie,
            options: AttachmentOptions(thumbnailClippingRect: UnitRect(x: 0.5, y: 0, width: 0.5, height: 1)))
        #expect(report.warnings.isEmpty)
    }
}
