import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `MutableContentNoAlert`: a case that triggers the rule and a near miss that must not.
struct MutableContentNoAlertTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"mutable-content": 1, "badge": 1}}"#])
        let findings = fixture.findings("mutable-content-no-alert")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"mutable-content": 1, "alert": "x"}}"#])
        #expect(fixture.findings("mutable-content-no-alert").isEmpty, "\(fixture.findings("mutable-content-no-alert"))")
    }
}
