import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ExpoServiceExtensionMissing`: a managed Expo app with expo-notifications and an image payload
/// but no extension plugin, and one whose app.config.ts lists one.
struct ExpoServiceExtensionMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("expo-service-extension-missing", in: "expo-managed-no-extension")
        #expect(found.map(\.file) == ["app.json"] && found.allSatisfy { $0.severity == .error }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("expo-notification-service-extension-plugin") })
    }

    /// An Expo app with its `ios/` committed by `expo prebuild`: the config is what to fix, and
    /// the iOS project's own rule stays silent so that the app gets one finding.
    @Test func aPrebuiltAppWithoutTheExtensionIsToldToFixItsConfig() throws {
        let prebuilt = TestPaths.fixture("projects/expo-prebuild-wired")
        let flutter = TestPaths.fixture("projects/flutter-no-service-extension")
        let read = { (url: URL) in try String(contentsOf: url, encoding: .utf8) }
        let fixture = try LintFixture([
            "package.json": try read(prebuilt.appendingPathComponent("package.json")),
            "app.json": #"{"expo": {"name": "Sample", "plugins": ["@react-native-firebase/app"]}}"#,
            "ios/Runner.xcodeproj/project.pbxproj": try read(
                flutter.appendingPathComponent("ios/Runner.xcodeproj/project.pbxproj")),
            "ios/Runner/Info.plist": try read(flutter.appendingPathComponent("ios/Runner/Info.plist")),
            "payloads/photo.json": try read(prebuilt.appendingPathComponent("payloads/photo.json")),
        ])
        let found = fixture.lint().findings
        let expo = found.filter { $0.rule == "expo-service-extension-missing" }
        #expect(expo.count == 1 && expo.first?.severity == .error, "\(found)")
        #expect(!found.contains { $0.rule == "images-need-service-extension" }, "\(found)")
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in ["expo-managed-wired", "expo-prebuild-wired"] {
            #expect(XcodeProjectFixtures.findings("expo-service-extension-missing", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
