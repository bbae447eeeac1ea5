import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsKeyOutsideAps`: a case that triggers the rule and a near miss that must not.
struct ApsKeyOutsideApsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}, "content_available": 1}"#])
        let findings = fixture.findings("aps-key-outside-aps")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "aps.content-available")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}, "content": "y"}"#])
        #expect(fixture.findings("aps-key-outside-aps").isEmpty, "\(fixture.findings("aps-key-outside-aps"))")
    }
}
