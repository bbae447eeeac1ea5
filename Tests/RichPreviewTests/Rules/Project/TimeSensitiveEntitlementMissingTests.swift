import RichPreview
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
