import RichPreview
import Testing

/// `ServiceExtensionDuplicate`: the fixture project where it fires, and the one where it must stay silent.
struct ServiceExtensionDuplicateTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("service-extension-duplicate", in: "xcode-problems")
        #expect(
            found.map(\.file) == ["ServiceTwo/Info.plist"] && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("embeds this service extension and") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("service-extension-duplicate", in: "xcode-two-apps").isEmpty)
    }
}
