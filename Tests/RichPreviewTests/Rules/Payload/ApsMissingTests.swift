import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsMissing`: a case that triggers the rule and a near miss that must not.
struct ApsMissingTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"APS": {"alert": "x"}}"#])
        let findings = fixture.findings("aps-missing")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "aps" && findings.first?.keyPath == "aps")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}}"#])
        #expect(fixture.findings("aps-missing").isEmpty, "\(fixture.findings("aps-missing"))")
    }
}
