import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `StoryboardAndClass`: a case that triggers the rule and a near miss that must not.
struct StoryboardAndClassTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"],
                entry: Samples.storyboard + "\n<key>NSExtensionPrincipalClass</key><string>ViewController</string>")
        ])
        let findings = fixture.findings("storyboard-and-class")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.keyPath == "NSExtension" && findings.first?.severity == .error)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["a"])])
        #expect(fixture.findings("storyboard-and-class").isEmpty, "\(fixture.findings("storyboard-and-class"))")
    }
}
