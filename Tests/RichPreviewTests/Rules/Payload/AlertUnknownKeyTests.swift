import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AlertUnknownKey`: a case that triggers the rule and a near miss that must not.
struct AlertUnknownKeyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": {"titel": "x", "body": "y"}}}"#])
        let findings = fixture.findings("alert-unknown-key")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "title")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": {"title": "x", "body": "y"}}}"#])
        #expect(fixture.findings("alert-unknown-key").isEmpty, "\(fixture.findings("alert-unknown-key"))")
    }
}
