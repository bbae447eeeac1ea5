import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentUrlInvalid`: a case that triggers the rule and a near miss that must not.
struct AttachmentUrlInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Push/push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "../outside.jpg"}"#
        ])
        let findings = fixture.findings("attachment-url-invalid")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.keyPath == "image" && findings.first?.line == 1)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Push/push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "https://cdn.example/a.jpg"}"#
        ])
        #expect(fixture.findings("attachment-url-invalid").isEmpty, "\(fixture.findings("attachment-url-invalid"))")
    }
}
