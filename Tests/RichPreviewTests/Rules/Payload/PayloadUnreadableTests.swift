import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PayloadUnreadable`: a case that triggers the rule and a near miss that must not.
struct PayloadUnreadableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x",}}"#])
        let findings = fixture.findings("payload-unreadable")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.line == 1 && findings.first?.column == 22)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}}"#])
        #expect(fixture.findings("payload-unreadable").isEmpty, "\(fixture.findings("payload-unreadable"))")
    }
}
