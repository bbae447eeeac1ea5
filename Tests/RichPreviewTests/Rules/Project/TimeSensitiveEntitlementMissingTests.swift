import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TimeSensitiveEntitlementMissing`: the fixture project where it fires, and the one where it must stay silent.
struct TimeSensitiveEntitlementMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("time-sensitive-entitlement-missing", in: "xcode-problems")
        #expect(
            found.map(\.file) == ["payloads/urgent.apns"] && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("com.apple.developer.usernotifications.time-sensitive") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("time-sensitive-entitlement-missing", in: "xcode-two-apps").isEmpty)
    }
}

/// Only code an app is built from asks for the entitlement: a library's sources beside its
/// sample (compiled by no app or extension target) map every level their callers pass.
struct CapabilityUseInBuiltCodeTests {
    @Test(arguments: [("App/Levels.swift", 1), ("Library/Levels.swift", 0)])
    func onlyAppCodeCounts(file: String, expected: Int) throws {
        let project = ProjectFileText(targets: [
            .init(
                "App", settings: ["INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos"], compiledFolders: ["App"])
        ])
        let fixture = try LintFixture([
            "Sample.xcodeproj/project.pbxproj": project.text,
            "App/Info.plist": Samples.app(modes: []),
            file: "func level(_ c: UNMutableNotificationContent) { c.interruptionLevel = .timeSensitive }",
        ])
        #expect(fixture.findings("time-sensitive-entitlement-missing").count == expected)
    }
}
