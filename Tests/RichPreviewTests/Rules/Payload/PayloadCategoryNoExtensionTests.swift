import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PayloadCategoryNoExtension`: a case that triggers the rule and a near miss that must not.
struct PayloadCategoryNoExtensionTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]), "c.json": Samples.manifest(["a", "b"]),
            "push.json": #"{"aps": {"alert": "x", "category": "b"}}"#,
        ])
        let findings = fixture.findings("payload-category-no-extension")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .note)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]), "c.json": Samples.manifest(["a", "b"]),
            "push.json": #"{"aps": {"alert": "x", "category": "a"}}"#,
        ])
        #expect(
            fixture.findings("payload-category-no-extension").isEmpty,
            "\(fixture.findings("payload-category-no-extension"))")
    }
}
