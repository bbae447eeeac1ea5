import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `DismissActionUnreachable`: a case that triggers the rule and a near miss that must not.
struct DismissActionUnreachableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Register.swift": Samples.swiftRegistration(["a"]),
            "Handler.swift":
                #"func h(_ r: UNNotificationResponse) { if r.actionIdentifier == UNNotificationDismissActionIdentifier { print("gone") } }"#,
        ])
        let findings = fixture.findings("dismiss-action-unreachable")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.file == fixture.path("Handler.swift") && findings.first?.severity == .warning)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Register.swift": Samples.swiftRegistration(["a"], options: ".customDismissAction"),
            "Handler.swift":
                #"func h(_ r: UNNotificationResponse) { if r.actionIdentifier == UNNotificationDismissActionIdentifier { print("gone") } }"#,
        ])
        #expect(
            fixture.findings("dismiss-action-unreachable").isEmpty, "\(fixture.findings("dismiss-action-unreachable"))")
    }

    /// With a project, a push SDK's own sources (compiled by no target) are not the app's code,
    /// nor is the SDK's package at the top that holds the sample app's project; the app's
    /// compiled folder and a package of its own beside it are.
    @Test(arguments: [
        ("Sources/SDK/Handler.swift", 0), ("Example/App/Handler.swift", 1),
        ("Example/Packages/Push/Sources/Handler.swift", 1),
    ])
    func onlyCodeTheProjectBuildsCounts(handler: String, expected: Int) throws {
        var project = ProjectFileText(targets: [
            .init(
                "App", settings: ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos"], compiledFolders: ["App"])
        ])
        project.localPackages = ["Packages/Push", ".."]
        let fixture = try LintFixture([
            "Package.swift": "// swift-tools-version:5.9\n",
            "Example/Sample.xcodeproj/project.pbxproj": project.text,
            "Example/App/Info.plist": Samples.app(modes: []),
            "Example/App/Register.swift": Samples.swiftRegistration(["a"]),
            handler:
                #"func h(_ r: UNNotificationResponse) { if r.actionIdentifier == UNNotificationDismissActionIdentifier { print("gone") } }"#,
        ])
        let findings = fixture.findings("dismiss-action-unreachable")
        #expect(findings.count == expected, "\(handler): \(findings)")
    }
}
