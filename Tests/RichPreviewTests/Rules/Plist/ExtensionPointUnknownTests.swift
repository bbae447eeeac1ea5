import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ExtensionPointUnknown`: a case that triggers the rule and a near miss that must not.
struct ExtensionPointUnknownTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.extensionPlist(
                point: "com.apple.widgetkit-extension", entry: Samples.storyboard, attributes: nil)
        ])
        let findings = fixture.findings("extension-point-unknown")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.keyPath == "NSExtension.NSExtensionPointIdentifier")
        #expect(findings.first?.line == 9)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a"])])
        #expect(fixture.findings("extension-point-unknown").isEmpty, "\(fixture.findings("extension-point-unknown"))")
    }
}
