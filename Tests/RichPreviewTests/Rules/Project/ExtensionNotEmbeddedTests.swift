import RichPreview
import Testing

/// `ExtensionNotEmbedded`: an extension no app embeds is a note and is left out of the checks
/// across files; every embedded extension is silent.
struct ExtensionNotEmbeddedTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("extension-not-embedded", in: "xcode-two-apps")
        #expect(found.map(\.file) == ["Orphan/Info.plist"] && found.map(\.severity) == [.note], "\(found)")
        // It claims a category both apps' content extensions claim too, and is not counted.
        #expect(XcodeProjectFixtures.findings("category-claimed-twice", in: "xcode-two-apps").isEmpty)
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("extension-not-embedded", in: "xcode-problems").isEmpty)
    }
}
