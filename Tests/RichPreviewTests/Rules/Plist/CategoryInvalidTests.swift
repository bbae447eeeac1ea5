import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryInvalid`: a case that triggers the rule and a near miss that must not.
struct CategoryInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]).replacingOccurrences(of: "<string>a</string>", with: "<array/>")
        ])
        let findings = fixture.findings("category-invalid")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a", "b"])])
        #expect(fixture.findings("category-invalid").isEmpty, "\(fixture.findings("category-invalid"))")
    }
}
