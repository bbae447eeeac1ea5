import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ImageAndroidOnly`: a message whose image reaches Android alone, and one that gives iOS its own.
struct ImageAndroidOnlyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json":
                #"{"message": {"topic": "news", "notification": {"title": "T"}, "android": {"notification": {"image": "https://cdn.example/a.png"}}}}"#
        ])
        let findings = fixture.findings("image-android-only")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.keyPath == "message.android.notification.image")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json":
                #"{"message": {"topic": "news", "notification": {"title": "T", "image": "https://cdn.example/a.png"}, "apns": {"payload": {"aps": {"mutable-content": 1}}}}}"#
        ])
        #expect(fixture.findings("image-android-only").isEmpty)
    }
}
