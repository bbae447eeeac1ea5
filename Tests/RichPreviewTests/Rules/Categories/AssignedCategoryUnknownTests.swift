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
}
