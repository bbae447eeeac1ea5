import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PayloadTooLarge`: a case that triggers the rule and a near miss that must not.
struct PayloadTooLargeTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.apns": #"{"aps": {"alert": "\#(String(repeating: "x", count: 5000))"}}"#])
        let findings = fixture.findings("payload-too-large")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.apns": #"{"aps": {"alert": "x"}}"#])
        #expect(fixture.findings("payload-too-large").isEmpty, "\(fixture.findings("payload-too-large"))")
    }
}
