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
}
