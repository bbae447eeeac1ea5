import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BoolAsString`: a case that triggers the rule and a near miss that must not.
struct BoolAsStringTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], extra: "<key>UNNotificationExtensionDefaultContentHidden</key><string>YES</string>")
        ])
        let findings = fixture.findings("bool-as-string")
        #expect(findings.count == 1, "\(findings)")
        #expect(
            findings.first?.keyPath == "NSExtension.NSExtensionAttributes.UNNotificationExtensionDefaultContentHidden")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], extra: "<key>UNNotificationExtensionDefaultContentHidden</key><true/>")
        ])
        #expect(fixture.findings("bool-as-string").isEmpty, "\(fixture.findings("bool-as-string"))")
    }
}
