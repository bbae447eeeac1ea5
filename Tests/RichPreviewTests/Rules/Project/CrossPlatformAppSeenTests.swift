import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CrossPlatformAppSeen`: each framework's fixture says what it is; a native project says nothing.
struct CrossPlatformAppSeenTests {
    @Test func triggers() {
        let cases: [(String, String)] = [
            (
                "flutter-no-service-extension",
                "Flutter app (pubspec.yaml), iOS project ios/Runner.xcodeproj, push: Firebase Messaging"
            ),
            (
                "react-native-extension-problems",
                "React Native app (package.json), iOS project ios/Sample.xcodeproj, push: OneSignal"
            ),
            (
                "capacitor-onesignal-wired",
                "Capacitor app (package.json), iOS project ios/App/App.xcodeproj, push: OneSignal"
            ),
            (
                "expo-prebuild-wired",
                "Expo app (package.json), iOS project ios/Sample.xcodeproj, push: Firebase Messaging"
            ),
            (
                "expo-managed-wired",
                "Expo app (package.json), no iOS project (expo prebuild makes it), push: Expo Notifications"
            ),
        ]
        for (fixture, summary) in cases {
            let found = XcodeProjectFixtures.findings("cross-platform-app-seen", in: fixture)
            let root = TestPaths.fixture("projects/\(fixture)").path + "/"
            #expect(found.count == 1 && found.allSatisfy { $0.severity == .note }, "\(fixture): \(found)")
            #expect(found.first?.message.replacingOccurrences(of: root, with: "") == summary, "\(found)")
        }
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("cross-platform-app-seen", in: "xcode-two-apps").isEmpty)
    }
}
