import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BackgroundPushPriorityHigh`: background pushes at priority 10, written or FCM's default, and the
/// same pushes at 5 or with an alert.
struct BackgroundPushPriorityHighTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "fcm.json": #"{"message": {"token": "t", "apns": {"payload": {"aps": {"content-available": 1}}}}}"#,
            "braze.json": #"{"messages": {"apple_push": {"content-available": true, "apns_priority": 10}}}"#,
        ])
        let findings = fixture.findings("background-push-priority-high")
        #expect(
            Set(findings.map(\.placeInFixture))
                == ["fcm.json:message", "braze.json:messages.apple_push.apns_priority"], "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "fcm.json":
                #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#,
            "expo.json": #"{"to": "ExponentPushToken[a]", "contentAvailable": true}"#,
            "alert.json": #"{"messages": {"apple_push": {"alert": "A", "apns_priority": 10}}}"#,
        ])
        #expect(fixture.findings("background-push-priority-high").isEmpty)
    }
}
