import Foundation
import RichPreview
import Testing

/// Expo push messages mapped to the APNs request Expo documents for them, field by field.
struct ExpoMessageTests {
    @Test func everyFieldMaps() throws {
        let (request, payload, findings) = try ProviderMapping.request(
            #"""
            {"to": "ExponentPushToken[abc]", "title": "T", "subtitle": "S", "body": "B",
             "sound": {"critical": true, "name": "alarm.caf", "volume": 0.5}, "badge": 2, "categoryId": "reply",
             "mutableContent": true, "contentAvailable": true, "interruptionLevel": "time-sensitive",
             "threadId": "chat-1", "targetContentId": "c1", "relevanceScore": 0.8, "filterCriteria": "work",
             "data": {"id": 7}, "richContent": {"image": "https://cdn.example/e.jpg"},
             "collapseId": "chat", "priority": "normal", "expiration": 1800000000, "channelId": "default"}
            """#)
        #expect(
            payload
                == (try ProviderMapping.value(
                    #"""
                    {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B"},
                             "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}, "badge": 2,
                             "category": "reply", "mutable-content": 1, "content-available": 1,
                             "interruption-level": "time-sensitive", "thread-id": "chat-1",
                             "target-content-id": "c1", "relevance-score": 0.8, "filter-criteria": "work"},
                     "body": {"id": 7, "_richContent": {"image": "https://cdn.example/e.jpg"}}}
                    """#)))
        #expect(request.headers == PushHeaders(priority: 5, expiration: 1_800_000_000, collapseID: "chat"))
        #expect(!findings.contains { $0.severity == .error }, "\(findings)")
    }

    @Test func theOlderContentAvailableSpellingStillMaps() throws {
        let (_, payload, _) = try ProviderMapping.request(
            #"{"to": "ExpoPushToken[abc]", "_contentAvailable": true, "priority": "high"}"#)
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"content-available": 1}}"#)))
    }

    @Test func anImageWithoutMutableContentIsFoundAtTheImage() throws {
        let report = PayloadDecoder().check(
            Data(
                #"{"to": "ExponentPushToken[a]", "title": "T", "richContent": {"image": "https://x.example/a.jpg"}}"#
                    .utf8))
        let missing = try #require(report.errors.first { $0.rule == "mutable-content-missing" })
        #expect(missing.keyPath == "richContent.image")
        #expect(missing.suggestion == "mutableContent")
    }

    @Test func anArrayIsOnePushPerMessage() throws {
        let message = try ProviderMessage.decode(
            Data(
                #"[{"to": "ExponentPushToken[a]", "title": "One"}, {"to": "ExponentPushToken[b]", "title": "Two"}]"#
                    .utf8))
        #expect(message.provider == .expo)
        #expect(message.requests.count == 2)
        let second = try JSONDecoder().decode(PropertyValue.self, from: message.requests[1].payload)
        #expect(second == (try ProviderMapping.value(#"{"aps": {"alert": {"title": "Two"}}}"#)))
    }

    @Test func findingsInAnArrayNameTheElement() {
        let report = PayloadDecoder().check(
            Data(
                "[{\"to\": \"ExponentPushToken[a]\", \"title\": \"One\"},\n {\"to\": \"ExponentPushToken[b]\", \"title\": 2}]"
                    .utf8))
        let invalid = report.errors.first { $0.rule == "provider-message-invalid" }
        #expect(invalid?.keyPath == "[1].title")
        #expect(invalid?.line == 2)
        #expect(report.messageCount == 2)
    }

    @Test func aPlainPayloadWithTitleIsNotMistakenForExpo() {
        let report = PayloadDecoder().check(Data(#"{"title": "T", "body": "B"}"#.utf8))
        #expect(report.provider == .apns)
        #expect(report.errors.contains { $0.rule == "aps-missing" })
    }
}
