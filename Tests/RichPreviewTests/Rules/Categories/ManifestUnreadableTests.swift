import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ManifestUnreadable`: a case that triggers the rule and a near miss that must not.
struct ManifestUnreadableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["categories.json": #"{"categories": [{"identifier": "a",}"#])
        let findings = fixture.findings("manifest-unreadable")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["categories.json": Samples.manifest(["a"])])
        #expect(fixture.findings("manifest-unreadable").isEmpty, "\(fixture.findings("manifest-unreadable"))")
    }
}
