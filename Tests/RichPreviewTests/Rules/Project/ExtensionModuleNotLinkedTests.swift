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

    /// A Capacitor 7 app builds with Swift packages and no Podfile: the extension links the SDK's
    /// package product, and the step to take names it.
    @Test func aSwiftPackageAppLinksAPackageProduct() {
        let found = XcodeProjectFixtures.findings("extension-module-not-linked", in: "capacitor7-spm-unlinked")
        #expect(
            found.map(\.file) == ["ios/App/OneSignalNotificationServiceExtension/NotificationService.swift"], "\(found)"
        )
        #expect(
            found.first?.message.hasSuffix(
                "add the Swift package product OneSignalExtension to target 'OneSignalNotificationServiceExtension' (General > Frameworks and Libraries)"
            ) == true, "\(found)")
        #expect(XcodeProjectFixtures.findings("extension-module-not-linked", in: "capacitor7-spm-wired").isEmpty)
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in ["flutter-wired-service-extension", "expo-prebuild-wired", "capacitor-onesignal-wired"] {
            #expect(XcodeProjectFixtures.findings("extension-module-not-linked", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
