import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AssignedCategoryUnknown`: a case that triggers the rule and a near miss that must not.
struct AssignedCategoryUnknownTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Register.swift": Samples.swiftRegistration(["a"]),
            "Schedule.swift": #"func s(content: UNMutableNotificationContent) { content.categoryIdentifier = "nope" }"#,
        ])
        let findings = fixture.findings("assigned-category-unknown")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.file == fixture.path("Schedule.swift") && findings.first?.line == 1)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Register.swift": Samples.swiftRegistration(["a"]),
            "Schedule.swift": #"func s(content: UNMutableNotificationContent) { content.categoryIdentifier = "a" }"#,
        ])
        #expect(
            fixture.findings("assigned-category-unknown").isEmpty, "\(fixture.findings("assigned-category-unknown"))")
    }

    /// Every registration read and none close: still a warning. One registration left
    /// unresolved, or a push SDK registering at run time: a note, the category may be theirs.
    @Test(arguments: [
        ([:], Severity.warning),
        (
            [
                "Other.swift":
                    #"func o() { let c = UNNotificationCategory(identifier: name(), actions: [], intentIdentifiers: [], options: []); UNUserNotificationCenter.current().setNotificationCategories([c]) }"#
            ], .note
        ),
        (["Podfile": "pod 'OneSignalXCFramework'\n"], .note),
    ])
    func severityFollowsWhatIsKnown(extra: [String: String], expected: Severity) throws {
        let fixture = try LintFixture(
            extra.merging([
                "Register.swift": Samples.swiftRegistration(["a"]),
                "Schedule.swift":
                    #"func s(content: UNMutableNotificationContent) { content.categoryIdentifier = "promotion" }"#,
            ]) { $1 })
        let findings = fixture.findings("assigned-category-unknown")
        #expect(findings.map(\.severity) == [expected], "\(extra): \(findings)")
    }
}
