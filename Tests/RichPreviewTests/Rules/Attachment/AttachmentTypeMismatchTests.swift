import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentTypeMismatch`: a case that triggers the rule and a near miss that must not.
struct AttachmentTypeMismatchTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "badge.jpg"}"#],
            data: ["badge.jpg": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))])
        let findings = fixture.findings("attachment-type-mismatch")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "badge.png"}"#],
            data: ["badge.png": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))])
        #expect(fixture.findings("attachment-type-mismatch").isEmpty, "\(fixture.findings("attachment-type-mismatch"))")
    }
}
