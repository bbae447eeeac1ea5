import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryMissing`: a case that triggers the rule and a near miss that must not.
struct CategoryMissingTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.extensionPlist(
                point: "com.apple.usernotifications.content-extension", entry: Samples.storyboard,
                attributes: "<key>UNNotificationExtensionInitialContentSizeRatio</key><real>1</real>")
        ])
        let findings = fixture.findings("category-missing")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a"])])
        #expect(fixture.findings("category-missing").isEmpty, "\(fixture.findings("category-missing"))")
    }
}
