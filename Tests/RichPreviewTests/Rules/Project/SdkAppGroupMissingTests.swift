import RichPreview
import Testing

/// `SdkAppGroupMissing`: OneSignal's group missing from both targets, and both targets sharing it.
struct SdkAppGroupMissingTests {
    @Test func triggers() {
        let found = XcodeProjectFixtures.findings("sdk-app-group-missing", in: "react-native-extension-problems")
        #expect(
            found.map(\.file).sorted() == [
                "ios/OneSignalNotificationServiceExtension/Info.plist", "ios/Sample/Info.plist",
            ] && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.allSatisfy { $0.message.contains("'group.com.example.rn.onesignal'") })
    }

    @Test func nearMissDoesNotTrigger() {
        #expect(XcodeProjectFixtures.findings("sdk-app-group-missing", in: "capacitor-onesignal-wired").isEmpty)
    }
}
