import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BackgroundPriorityHigh`: a background FCM message left at Firebase's default priority 10; the same at 5.
struct BackgroundPriorityHighTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "request.json":
                #"{"message": {"token": "t", "data": {"sync": "1"}, "apns": {"payload": {"aps": {"content-available": 1}}}}}"#
        ])
        let findings = fixture.findings("background-priority-high")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.allSatisfy { $0.line != nil }, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "request.json":
                #"{"message": {"token": "t", "data": {"sync": "1"}, "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#
        ])
        #expect(fixture.findings("background-priority-high").isEmpty, "\(fixture.findings("background-priority-high"))")
    }

    @Test func providersDefaultsAndFieldsTrigger() throws {
        let fixture = try LintFixture([
            "fcm.json": #"{"message": {"token": "t", "apns": {"payload": {"aps": {"content-available": 1}}}}}"#,
            "braze.json": #"{"messages": {"apple_push": {"content-available": true, "apns_priority": 10}}}"#,
        ])
        let findings = fixture.findings("background-priority-high")
        #expect(
            Set(findings.map(\.placeInFixture))
                == ["fcm.json:message", "braze.json:messages.apple_push.apns_priority"], "\(findings)")
    }

    @Test func providersAtFiveOrWithAnAlertDoNotTrigger() throws {
        let fixture = try LintFixture([
            "fcm.json":
                #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#,
            "expo.json": #"{"to": "ExponentPushToken[a]", "contentAvailable": true}"#,
            "alert.json": #"{"messages": {"apple_push": {"alert": "A", "apns_priority": 10}}}"#,
        ])
        #expect(fixture.findings("background-priority-high").isEmpty)
    }
}
