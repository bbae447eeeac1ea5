import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentTypeUndocumented`: a case that triggers the rule and a near miss that must not.
struct AttachmentTypeUndocumentedTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "clip.mov"}"#],
            data: ["clip.mov": try Data(contentsOf: TestPaths.fixture("media/mov-h264-pcm.mov"))])
        let findings = fixture.findings("attachment-type-undocumented")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "clip.mp4"}"#],
            data: ["clip.mp4": try Data(contentsOf: TestPaths.fixture("media/mp4-h264-aac-faststart.mp4"))])
        #expect(
            fixture.findings("attachment-type-undocumented").isEmpty,
            "\(fixture.findings("attachment-type-undocumented"))")
    }
}
