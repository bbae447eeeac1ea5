import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsEmpty`: a case that triggers the rule and a near miss that must not.
struct ApsEmptyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {}}"#])
        let findings = fixture.findings("aps-empty")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"badge": 1}}"#])
        #expect(fixture.findings("aps-empty").isEmpty, "\(fixture.findings("aps-empty"))")
    }
}
