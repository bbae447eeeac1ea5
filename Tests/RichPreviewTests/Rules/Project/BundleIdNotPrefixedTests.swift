import RichPreview
import Testing

/// `BundleIdNotPrefixed`: the fixture project where it fires, and the one where it must stay silent.
struct BundleIdNotPrefixedTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("bundle-id-not-prefixed", in: "xcode-problems")
        #expect(found.map(\.file) == ["Content/Info.plist"] && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(
            found.allSatisfy {
                $0.message.contains("'com.example.mainapp.content' does not start with 'com.example.main.'")
            })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("bundle-id-not-prefixed", in: "xcode-two-apps").isEmpty)
    }
}
