import RichPreview
import Testing

/// `CriticalAlertEntitlementMissing`: the fixture project where it fires, and the one where it must stay silent.
struct CriticalAlertEntitlementMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("critical-alert-entitlement-missing", in: "xcode-problems")
        #expect(
            found.map(\.file) == ["payloads/alarm.apns"] && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("com.apple.developer.usernotifications.critical-alerts") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("critical-alert-entitlement-missing", in: "xcode-two-apps").isEmpty)
    }
}
