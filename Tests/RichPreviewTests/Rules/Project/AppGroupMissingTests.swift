import RichPreview
import Testing

/// `AppGroupMissing`: a notification extension's code uses an app group its own entitlements or
/// its app's do not list; silent when both list it, also through a build setting.
struct AppGroupMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("app-group-missing", in: "xcode-problems")
        #expect(found.map(\.file) == ["ServiceOne/NotificationService.swift", "ServiceOne/NotificationService.swift"])
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("'group.com.example.main'") })
        #expect(found.contains { $0.message.contains("its own entitlements") })
        #expect(found.contains { $0.message.contains("target 'Main'") })
    }

    @Test func nearMissDoesNotTrigger() {
        // Swift `containerURL(forSecurityApplicationGroupIdentifier:)` and Objective-C
        // `initWithSuiteName:`, the second group written `$(SHARED_GROUP)` in the entitlements.
        #expect(XcodeProjectFixtures.findings("app-group-missing", in: "xcode-two-apps").isEmpty)
    }
}
