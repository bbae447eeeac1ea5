import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryDuplicate`: a case that triggers the rule and a near miss that must not.
struct CategoryDuplicateTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a", "a"])])
        let findings = fixture.findings("category-duplicate")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .warning)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a", "b"])])
        #expect(fixture.findings("category-duplicate").isEmpty, "\(fixture.findings("category-duplicate"))")
    }
}
