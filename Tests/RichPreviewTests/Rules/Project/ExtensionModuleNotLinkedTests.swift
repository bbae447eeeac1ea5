import RichPreview
import Testing

/// `ExtensionModuleNotLinked`: an extension importing OneSignalExtension with no Podfile target
/// for it; the near misses link it through a nested block and a target of its own.
struct ExtensionModuleNotLinkedTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("extension-module-not-linked", in: "react-native-extension-problems")
        #expect(
            found.map(\.file) == ["ios/OneSignalNotificationServiceExtension/NotificationService.swift"]
                && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("has no target 'OneSignalNotificationServiceExtension' block") })
        #expect(found.allSatisfy { $0.message.contains("pod 'OneSignalXCFramework'") })
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in ["flutter-wired-service-extension", "expo-prebuild-wired", "capacitor-onesignal-wired"] {
            #expect(XcodeProjectFixtures.findings("extension-module-not-linked", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
