import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentMissing`: a case that triggers the rule and a near miss that must not.
struct AttachmentMissingTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "absent.jpg"}"#
        ])
        let findings = fixture.findings("attachment-missing")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "present.jpg"}"#],
            data: ["present.jpg": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))]
        )
        #expect(fixture.findings("attachment-missing").isEmpty, "\(fixture.findings("attachment-missing"))")
    }
}
