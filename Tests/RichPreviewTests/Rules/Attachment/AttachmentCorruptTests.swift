import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentCorrupt`: a case that triggers the rule and a near miss that must not.
struct AttachmentCorruptTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "cut.jpg"}"#],
            data: [
                "cut.jpg": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg")).prefix(
                    5000)
            ])
        let findings = fixture.findings("attachment-corrupt")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "whole.jpg"}"#],
            data: ["whole.jpg": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))])
        #expect(fixture.findings("attachment-corrupt").isEmpty, "\(fixture.findings("attachment-corrupt"))")
    }
}
