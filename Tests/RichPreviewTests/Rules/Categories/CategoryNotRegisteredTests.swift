import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryNotRegistered`: a case that triggers the rule and a near miss that must not.
struct CategoryNotRegisteredTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a", "b"]), "c.json": Samples.manifest(["a"]),
        ])
        let findings = fixture.findings("category-not-registered")
        #expect(findings.count == 1, "\(findings)")
        #expect(
            findings.first?.keyPath == "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory"
                && findings.first?.file?.hasSuffix("Ext/Info.plist") == true)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a", "b"]), "c.json": Samples.manifest(["a", "b"]),
        ])
        #expect(fixture.findings("category-not-registered").isEmpty, "\(fixture.findings("category-not-registered"))")
    }
}
