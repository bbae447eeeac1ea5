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

    /// `@bacons/apple-targets` adds the targets `targets/*/expo-target.config.*` declare: a
    /// widget alone is no service extension; a `notification-service` target is.
    @Test func appleTargetsCountOnlyWithANotificationServiceTarget() throws {
        let fixture = TestPaths.fixture("projects/expo-managed-no-extension")
        let read = { (file: String) in try String(contentsOf: fixture.appendingPathComponent(file), encoding: .utf8) }
        let config = #"{"expo": {"name": "Sample", "plugins": ["expo-notifications", "@bacons/apple-targets"]}}"#
        func findings(target: String) throws -> [Finding] {
            try LintFixture([
                "package.json": try read("package.json"), "app.json": config,
                "payloads/photo.json": try read("payloads/photo.json"),
                "targets/extra/expo-target.config.js":
                    "/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */\n"
                    + "module.exports = (config) => ({ type: \"\(target)\", icon: \"../../assets/icon.png\" });\n",
            ]).lint().findings.filter { $0.rule == "expo-service-extension-missing" }
        }
        #expect(try findings(target: "widget").count == 1)
        #expect(try findings(target: "notification-service").isEmpty)
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in ["expo-managed-wired", "expo-prebuild-wired"] {
            #expect(XcodeProjectFixtures.findings("expo-service-extension-missing", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
