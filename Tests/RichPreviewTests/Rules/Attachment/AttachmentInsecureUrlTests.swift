import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentInsecureUrl`: a case that triggers the rule and a near miss that must not.
struct AttachmentInsecureUrlTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "http://cdn.example/a.jpg"}"#
        ])
        let findings = fixture.findings("attachment-insecure-url")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "https://cdn.example/a.jpg"}"#
        ])
        #expect(fixture.findings("attachment-insecure-url").isEmpty, "\(fixture.findings("attachment-insecure-url"))")
    }
}
