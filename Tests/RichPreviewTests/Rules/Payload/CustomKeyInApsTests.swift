import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CustomKeyInAps`: a case that triggers the rule and a near miss that must not.
struct CustomKeyInApsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x", "orderNumber": "5"}}"#])
        let findings = fixture.findings("custom-key-in-aps")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}, "orderNumber": "5"}"#])
        #expect(fixture.findings("custom-key-in-aps").isEmpty, "\(fixture.findings("custom-key-in-aps"))")
    }
}
