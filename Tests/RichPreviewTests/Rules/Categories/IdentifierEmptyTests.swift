import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `IdentifierEmpty`: a case that triggers the rule and a near miss that must not.
struct IdentifierEmptyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "App.swift":
                #"let c = UNNotificationCategory(identifier: "a", actions: [UNNotificationAction(identifier: "", title: "Go", options: [])], intentIdentifiers: [], options: [])\#nfunc r() { UNUserNotificationCenter.current().setNotificationCategories([c]) }"#
        ])
        let findings = fixture.findings("identifier-empty")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.line == 1 && findings.first?.column != nil)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "App.swift":
                #"let c = UNNotificationCategory(identifier: "a", actions: [UNNotificationAction(identifier: "go", title: "Go", options: [])], intentIdentifiers: [], options: [])\#nfunc r() { UNUserNotificationCenter.current().setNotificationCategories([c]) }"#
        ])
        #expect(fixture.findings("identifier-empty").isEmpty, "\(fixture.findings("identifier-empty"))")
    }
}
