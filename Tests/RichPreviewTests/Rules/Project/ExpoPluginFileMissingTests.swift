import RichPreview
import Testing

/// `ExpoPluginFileMissing`: an icon that is not there, and a config whose files all are.
struct ExpoPluginFileMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("expo-plugin-file-missing", in: "expo-managed-no-extension")
        #expect(found.map(\.file) == ["app.json"] && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("the option icon of the plugin expo-notifications") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("expo-plugin-file-missing", in: "expo-managed-wired").isEmpty)
    }
}
