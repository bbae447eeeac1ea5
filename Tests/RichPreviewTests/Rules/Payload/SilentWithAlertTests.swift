import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SilentWithAlert`: a case that triggers the rule and a near miss that must not.
struct SilentWithAlertTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"content-available": 1, "alert": "x"}}"#])
        let findings = fixture.findings("silent-with-alert")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"content-available": 1}}"#])
        #expect(fixture.findings("silent-with-alert").isEmpty, "\(fixture.findings("silent-with-alert"))")
    }
}
