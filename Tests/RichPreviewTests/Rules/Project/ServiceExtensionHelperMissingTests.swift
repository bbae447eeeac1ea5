import Foundation
import RichPreview
import RichPreviewTestSupport
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

    /// MoEngage's extension hands the push to `MoEngageSDKRichNotification`; one that does not
    /// is told so, naming it.
    @Test func aMoEngageExtensionCallsItsHelper() throws {
        let root = TestPaths.fixture("projects/react-native-extension-problems")
        var files: [String: String] = [:]
        for file in [
            "ios/Sample.xcodeproj/project.pbxproj", "ios/Sample/Info.plist",
            "ios/OneSignalNotificationServiceExtension/Info.plist",
        ] {
            files[file] = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        }
        files["package.json"] = #"{"dependencies": {"react-native": "0.76.0", "react-native-moengage": "^12.1.0"}}"#
        files["ios/Podfile"] =
            "target 'Sample' do\n  config = use_native_modules!\n  target 'OneSignalNotificationServiceExtension' do\n    pod 'MoEngageRichNotification'\n  end\nend\n"
        let service = "ios/OneSignalNotificationServiceExtension/NotificationService.swift"
        let call =
            "MoEngageSDKRichNotification.handle(richNotificationRequest: request, withContentHandler: contentHandler)"
        files[service] =
            "import MoEngageRichNotification\nimport UserNotifications\n\nclass NotificationService: UNNotificationServiceExtension {\n"
            + "    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {\n"
            + "        \(call)\n    }\n}\n"
        #expect(try LintFixture(files).findings("service-extension-helper-missing").isEmpty)
        files[service] = files[service]?.replacingOccurrences(of: call, with: "contentHandler(request.content)")
        let found = try LintFixture(files).findings("service-extension-helper-missing")
        #expect(
            found.count == 1 && found.first?.message.contains("MoEngageSDKRichNotification.handle") == true, "\(found)")
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
