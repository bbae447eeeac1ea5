import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AlertTitleWithoutBody`: a case that triggers the rule and a near miss that must not.
struct AlertTitleWithoutBodyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": {"title": "x"}}}"#])
        let findings = fixture.findings("alert-title-without-body")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": {"title": "x", "body": "y"}}}"#])
        #expect(fixture.findings("alert-title-without-body").isEmpty, "\(fixture.findings("alert-title-without-body"))")
    }
}
