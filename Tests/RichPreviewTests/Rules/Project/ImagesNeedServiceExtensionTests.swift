import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ImagesNeedServiceExtension`: a Flutter app with Firebase Messaging and no service extension
/// (a warning, an error once a payload carries an image), and the same app wired.
struct ImagesNeedServiceExtensionTests {
    @Test func triggers() throws {
        let found = XcodeProjectFixtures.findings("images-need-service-extension", in: "flutter-no-service-extension")
        #expect(found.map(\.file) == ["pubspec.yaml"] && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("uses Firebase Messaging (pubspec.yaml) but") })
        #expect(found.allSatisfy { $0.message.contains("populateNotificationContent") })
        let root = TestPaths.fixture("projects/flutter-no-service-extension")
        let copy = try TestPaths.temporaryFolder()
        for file in ["pubspec.yaml", "ios/Runner.xcodeproj/project.pbxproj", "ios/Runner/Info.plist", "ios/Podfile"] {
            let target = copy.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(file), to: target)
        }
        try Data(
            #"{"aps": {"alert": "A photo", "mutable-content": 1}, "fcm_options": {"image": "https://example.com/a.jpg"}}"#
                .utf8
        )
        .write(to: copy.appendingPathComponent("photo.json"))
        let errors = Linter().lint([copy.path]).findings.filter { $0.rule == "images-need-service-extension" }
        #expect(
            errors.count == 1
                && errors.allSatisfy { $0.severity == .error && $0.message.contains("its payloads carry images") })
        #expect(
            errors.first?.notes == [
                "Firebase Messaging: https://firebase.google.com/docs/cloud-messaging/ios/send-image"
            ])
    }

    @Test func nearMissDoesNotTrigger() {
        for fixture in ["flutter-wired-service-extension", "expo-prebuild-wired", "capacitor-onesignal-wired"] {
            #expect(XcodeProjectFixtures.findings("images-need-service-extension", in: fixture).isEmpty, "\(fixture)")
        }
    }
}
