import RichPreview
import Testing

/// `CommunicationEntitlementMissing`: the fixture project where it fires, and the one where it must stay silent.
struct CommunicationEntitlementMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("communication-entitlement-missing", in: "xcode-problems")
        #expect(
            found.map(\.file) == ["Main/Info.plist", "ServiceOne/Info.plist"]
                && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("ommunication") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("communication-entitlement-missing", in: "xcode-two-apps").isEmpty)
    }
}
