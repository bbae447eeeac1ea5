import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PlistValueInvalid`: a case that triggers the rule and a near miss that must not.
struct PlistValueInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]).replacingOccurrences(
                of: "<key>NSExtension</key>", with: "<key>CFBundleName</key><integer>3</integer><key>NSExtension</key>")
        ])
        let findings = fixture.findings("plist-value-invalid")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]).replacingOccurrences(
                of: "<key>NSExtension</key>", with: "<key>CFBundleName</key><string>Ext</string><key>NSExtension</key>")
        ])
        #expect(fixture.findings("plist-value-invalid").isEmpty, "\(fixture.findings("plist-value-invalid"))")
    }
}
