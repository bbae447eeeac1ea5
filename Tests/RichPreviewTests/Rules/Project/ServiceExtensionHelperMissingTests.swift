import RichPreview
import Testing

/// `ServiceExtensionHelperMissing`: a OneSignal extension that only hands the content back (its
/// helper named in a comment alone), and wired extensions that call the helper or attach an image.
struct ServiceExtensionHelperMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings(
            "service-extension-helper-missing", in: "react-native-extension-problems")
        #expect(
            found.map(\.file) == ["ios/OneSignalNotificationServiceExtension/NotificationService.swift"]
                && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("OneSignalExtension.didReceiveNotificationExtensionRequest") })
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in [
            "flutter-wired-service-extension", "expo-prebuild-wired", "capacitor-onesignal-wired", "expo-managed-wired",
        ] {
            #expect(
                XcodeProjectFixtures.findings("service-extension-helper-missing", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
