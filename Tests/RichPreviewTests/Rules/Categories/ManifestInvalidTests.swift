import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ManifestInvalid`: a case that triggers the rule and a near miss that must not.
struct ManifestInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "categories.json":
                #"{"categories": [{"identifier": "a", "actions": [{"identifier": "x", "title": "X", "respnse": "dismiss"}]}]}"#
        ])
        let findings = fixture.findings("manifest-invalid")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "response")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "categories.json":
                #"{"categories": [{"identifier": "a", "actions": [{"identifier": "x", "title": "X", "response": "dismiss"}]}]}"#
        ])
        #expect(fixture.findings("manifest-invalid").isEmpty, "\(fixture.findings("manifest-invalid"))")
    }
}
