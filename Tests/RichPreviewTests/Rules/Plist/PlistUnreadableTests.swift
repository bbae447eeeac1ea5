import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PlistUnreadable`: a case that triggers the rule and a near miss that must not.
struct PlistUnreadableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["Ext/Info.plist": #"<?xml version="1.0"?><plist><dict><key>NSExtension</key>"#])
        let findings = fixture.findings("plist-unreadable")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .error && findings.first?.file == fixture.path("Ext/Info.plist"))
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a"]), "c.json": Samples.manifest(["a"])])
        #expect(fixture.findings("plist-unreadable").isEmpty, "\(fixture.findings("plist-unreadable"))")
    }
}
