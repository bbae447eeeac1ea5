import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsUnknownKey`: a case that triggers the rule and a near miss that must not.
struct ApsUnknownKeyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x", "catagory": "c"}}"#])
        let findings = fixture.findings("aps-unknown-key")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "category" && findings.first?.column == 24)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x", "category": "c"}}"#])
        #expect(fixture.findings("aps-unknown-key").isEmpty, "\(fixture.findings("aps-unknown-key"))")
    }
}
