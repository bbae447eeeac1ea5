import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsType`: a case that triggers the rule and a near miss that must not.
struct ApsTypeTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x", "badge": -1}}"#])
        let findings = fixture.findings("aps-type")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.keyPath == "aps.badge" && findings.first?.line == 1)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x", "badge": 1}}"#])
        #expect(fixture.findings("aps-type").isEmpty, "\(fixture.findings("aps-type"))")
    }
}
