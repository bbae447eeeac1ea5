import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `UnknownAttribute`: a case that triggers the rule and a near miss that must not.
struct UnknownAttributeTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], extra: "<key>UNNotificationExtensionDefaultContentHiden</key><true/>")
        ])
        let findings = fixture.findings("unknown-attribute")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "UNNotificationExtensionDefaultContentHidden")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], extra: "<key>UNNotificationExtensionUserInteractionEnabled</key><true/>")
        ])
        #expect(fixture.findings("unknown-attribute").isEmpty, "\(fixture.findings("unknown-attribute"))")
    }
}
