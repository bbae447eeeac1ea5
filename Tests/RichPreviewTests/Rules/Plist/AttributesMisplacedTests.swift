import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttributesMisplaced`: a case that triggers the rule and a near miss that must not.
struct AttributesMisplacedTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], entry: Samples.storyboard + "\n<key>UNNotificationExtensionDefaultContentHidden</key><true/>")
        ])
        let findings = fixture.findings("attributes-misplaced")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], extra: "<key>UNNotificationExtensionDefaultContentHidden</key><true/>")
        ])
        #expect(fixture.findings("attributes-misplaced").isEmpty, "\(fixture.findings("attributes-misplaced"))")
    }

    @Test func extensionKeysAtTheTopLevelAreNeverRead() throws {
        // The NSExtension dictionary is missing: its keys were written beside it, at the top.
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.content-extension</string>
            <key>NSExtensionMainStoryboard</key><string>MainInterface</string>
            <key>NSExtensionAttributes</key><dict><key>UNNotificationExtensionCategory</key><string>a</string></dict>
            </dict></plist>
            """
        let fixture = try LintFixture(["Ext/Info.plist": plist])
        let found = fixture.findings("attributes-misplaced")
        #expect(
            found.map(\.keyPath) == [
                "NSExtensionPointIdentifier", "NSExtensionMainStoryboard", "NSExtensionAttributes",
            ],
            "\(found)")
        #expect(found.map(\.line) == [3, 4, 5])
        // The extension itself does not load: iOS finds no NSExtension.
        #expect(fixture.findings("extension-point-unknown").map(\.severity) == [.error])
    }
}
