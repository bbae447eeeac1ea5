import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActionDuplicate`: a case that triggers the rule and a near miss that must not.
struct ActionDuplicateTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "App.swift":
                #"let c = UNNotificationCategory(identifier: "a", actions: [UNNotificationAction(identifier: "same", title: "One", options: []), UNNotificationAction(identifier: "same", title: "Two", options: [])], intentIdentifiers: [], options: [])\#nfunc r() { UNUserNotificationCenter.current().setNotificationCategories([c]) }"#
        ])
        let findings = fixture.findings("action-duplicate")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "App.swift":
                #"let c = UNNotificationCategory(identifier: "a", actions: [UNNotificationAction(identifier: "one", title: "One", options: []), UNNotificationAction(identifier: "two", title: "Two", options: [])], intentIdentifiers: [], options: [])\#nfunc r() { UNUserNotificationCenter.current().setNotificationCategories([c]) }"#
        ])
        #expect(fixture.findings("action-duplicate").isEmpty, "\(fixture.findings("action-duplicate"))")
    }
}
