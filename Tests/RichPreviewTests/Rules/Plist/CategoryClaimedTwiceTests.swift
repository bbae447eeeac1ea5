import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryClaimedTwice`: a case that triggers the rule and a near miss that must not.
struct CategoryClaimedTwiceTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "A/Info.plist": Samples.content(["shared"]), "B/Info.plist": Samples.content(["shared"]),
        ])
        let findings = fixture.findings("category-claimed-twice")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.file == fixture.path("B/Info.plist") && findings.first?.severity == .error)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["A/Info.plist": Samples.content(["a"]), "B/Info.plist": Samples.content(["b"])])
        #expect(fixture.findings("category-claimed-twice").isEmpty, "\(fixture.findings("category-claimed-twice"))")
    }
}
