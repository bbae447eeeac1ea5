import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentTypeUnsupported`: a case that triggers the rule and a near miss that must not.
struct AttachmentTypeUnsupportedTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "picture.jpg"}"#,
            "picture.jpg": "<!DOCTYPE html><html>404</html>",
        ])
        let findings = fixture.findings("attachment-type-unsupported")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "picture.jpg"}"#],
            data: ["picture.jpg": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-image.jpg"))]
        )
        #expect(
            fixture.findings("attachment-type-unsupported").isEmpty,
            "\(fixture.findings("attachment-type-unsupported"))")
    }
}
