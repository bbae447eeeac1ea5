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

    /// Every registration read, in an app with a content extension: a warning even when no
    /// registered name is close. Without a content extension and close to none: a tag of the
    /// app's own, a note. One registration left unresolved, or a push SDK registering at run
    /// time: a note, the category may be theirs.
    @Test(arguments: [
        (["Content/Info.plist": Samples.content(["a"])], Severity.warning),
        ([:], .note),
        (["Register2.swift": Samples.swiftRegistration(["promotions"])], .warning),
        (
            [
                "Content/Info.plist": Samples.content(["a"]),
                "Other.swift":
                    #"func o() { let c = UNNotificationCategory(identifier: name(), actions: [], intentIdentifiers: [], options: []); UNUserNotificationCenter.current().setNotificationCategories([c]) }"#,
            ], .note
        ),
        (["Content/Info.plist": Samples.content(["a"]), "Podfile": "pod 'OneSignalXCFramework'\n"], .note),
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

extension AssignedCategoryUnknownTests {
    /// With a project, code no app or extension target compiles (a test target's, an SDK's
    /// beside its sample) sets no category of the app's.
    @Test(arguments: [("App/Schedule.swift", 1), ("AppTests/ScheduleTests.swift", 0)])
    func onlyAppCodeCounts(file: String, expected: Int) throws {
        let project = ProjectFileText(targets: [
            .init(
                "App", settings: ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos"], compiledFolders: ["App"])
        ])
        let fixture = try LintFixture([
            "App.xcodeproj/project.pbxproj": project.text,
            "App/Info.plist": Samples.app(modes: []),
            "App/Register.swift": Samples.swiftRegistration(["a"]),
            "Content/Info.plist": Samples.content(["a"]),
            file: #"func s(content: UNMutableNotificationContent) { content.categoryIdentifier = "nope" }"#,
        ])
        #expect(fixture.findings("assigned-category-unknown").count == expected)
    }
}
