import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryRegisteredTwice`: a case that triggers the rule and a near miss that must not.
struct CategoryRegisteredTwiceTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["one.json": Samples.manifest(["a"]), "two.json": Samples.manifest(["a"])])
        let findings = fixture.findings("category-registered-twice")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["one.json": Samples.manifest(["a"]), "two.json": Samples.manifest(["b"])])
        #expect(
            fixture.findings("category-registered-twice").isEmpty, "\(fixture.findings("category-registered-twice"))")
    }
}
