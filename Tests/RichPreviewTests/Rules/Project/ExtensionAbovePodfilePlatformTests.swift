import RichPreview
import Testing

/// `ExtensionAbovePodfilePlatform`: an extension at iOS 17.0 under a Podfile at 13.4 with an app
/// target naming no deployment target; the near miss deploys both at the Podfile's platform.
struct ExtensionAbovePodfilePlatformTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings(
            "extension-above-podfile-platform", in: "react-native-extension-problems")
        #expect(
            found.map(\.file) == ["ios/OneSignalNotificationServiceExtension/Info.plist"]
                && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("deploys to iOS 17.0, above platform :ios, '13.4'") })
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in ["flutter-wired-service-extension", "capacitor-onesignal-wired"] {
            #expect(
                XcodeProjectFixtures.findings("extension-above-podfile-platform", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
