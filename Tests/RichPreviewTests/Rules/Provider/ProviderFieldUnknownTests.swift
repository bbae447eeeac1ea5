import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ProviderFieldUnknown`: fields a provider's format does not have, and the same messages with the
/// fields it has.
struct ProviderFieldUnknownTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "braze.json": #"{"messages": {"apple_push": {"alert": "A", "custom": {"id": "7"}}}}"#,
            "expo.json": #"{"to": "ExponentPushToken[a]", "title": "T", "categoryIdentifier": "reply"}"#,
            "fcm.json":
                #"{"message": {"token": "t", "notification": {"title": "T", "imageUrl": "https://cdn.example/a.jpg"}}}"#,
        ])
        let findings = fixture.findings("provider-field-unknown")
        #expect(
            Set(findings.map(\.placeInFixture))
                == [
                    "braze.json:messages.apple_push.custom", "expo.json:categoryIdentifier",
                    "fcm.json:message.notification.imageUrl",
                ], "\(findings)")
        let braze = try #require(findings.first { $0.keyPath == "messages.apple_push.custom" })
        #expect(braze.suggestion == "messages.apple_push.extra")
        let fcm = try #require(findings.first { $0.keyPath == "message.notification.imageUrl" })
        #expect(fcm.severity == .error)
        #expect(fcm.suggestion == "message.notification.image")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "braze.json": #"{"messages": {"apple_push": {"alert": "A", "extra": {"id": "7"}}}}"#,
            "expo.json": #"{"to": "ExponentPushToken[a]", "title": "T", "categoryId": "reply"}"#,
            "fcm.json":
                #"{"message": {"token": "t", "notification": {"title": "T", "image": "https://cdn.example/a.jpg"}, "apns": {"payload": {"aps": {"mutable-content": 1}}}}}"#,
        ])
        #expect(fixture.findings("provider-field-unknown").isEmpty)
    }
}
