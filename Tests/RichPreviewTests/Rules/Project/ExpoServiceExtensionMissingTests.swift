import RichPreview
import Testing

/// `ExpoServiceExtensionMissing`: a managed Expo app with expo-notifications and an image payload
/// but no extension plugin, and one whose app.config.ts lists one.
struct ExpoServiceExtensionMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("expo-service-extension-missing", in: "expo-managed-no-extension")
        #expect(found.map(\.file) == ["app.json"] && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("expo-notification-service-extension-plugin") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("expo-service-extension-missing", in: "expo-managed-wired").isEmpty)
    }
}
