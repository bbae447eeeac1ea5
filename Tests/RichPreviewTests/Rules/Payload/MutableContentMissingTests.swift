import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `MutableContentMissing`: a case that triggers the rule and a near miss that must not.
struct MutableContentMissingTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}, "image": "https://cdn.example/a.jpg"}"#])
        let findings = fixture.findings("mutable-content-missing")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "https://cdn.example/a.jpg"}"#
        ])
        #expect(fixture.findings("mutable-content-missing").isEmpty, "\(fixture.findings("mutable-content-missing"))")
    }
}
