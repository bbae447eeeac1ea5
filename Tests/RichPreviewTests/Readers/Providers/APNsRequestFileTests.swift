import Foundation
import RichPreview
import Testing

/// Request files: APNs headers beside the payload they are sent with.
struct APNsRequestFileTests {
    @Test func headersAndPayloadAreRead() throws {
        let (request, payload, findings) = try ProviderMapping.request(
            #"""
            {"headers": {"apns-push-type": "background", "apns-priority": 5, "apns-topic": "com.example.app"},
             "payload": {"aps": {"content-available": 1}, "sync": "inbox"}}
            """#)
        #expect(request.headers == PushHeaders(pushType: "background", topic: "com.example.app", priority: 5))
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"content-available": 1}, "sync": "inbox"}"#)))
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func theHeadersPushTypeChecksThePayload() throws {
        let report = PayloadDecoder().check(
            Data(#"{"headers": {"apns-push-type": "background"}, "payload": {"aps": {"alert": "hi"}}}"#.utf8))
        #expect(report.pushType == .background)
        let mismatch = report.findings.first { $0.rule == "push-type-mismatch" }
        #expect(mismatch?.keyPath == "payload.aps")
    }

    @Test func anUnknownHeaderIsAProblem() {
        let report = PayloadDecoder().check(
            Data(#"{"headers": {"apns-prio": "10"}, "payload": {"aps": {"alert": "hi"}}}"#.utf8))
        #expect(report.errors.first?.rule == "provider-message-invalid")
        #expect(report.errors.first?.keyPath == "headers.apns-prio")
    }

    /// A Push to Talk request may send the app's keys alone: beside its headers, a payload without
    /// `aps` is still a request, and the payload rules judge it by its push type.
    @Test func aPayloadWithoutApsIsARequestBesideItsHeaders() throws {
        let pushToTalk = PayloadDecoder().check(
            Data(
                #"""
                {"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.app.voip-ptt",
                 "apns-priority": "10", "apns-expiration": "0"}, "payload": {"activeSpeaker": "Ana"}}
                """#.utf8))
        #expect(pushToTalk.provider == .request)
        #expect(pushToTalk.pushType == .pushtotalk)
        #expect(pushToTalk.errors.isEmpty, "\(pushToTalk.findings)")
        // As an alert push the same payload lacks its aps; without headers it is no request.
        let alert = PayloadDecoder().check(
            Data(#"{"headers": {"apns-push-type": "alert"}, "payload": {"activeSpeaker": "Ana"}}"#.utf8))
        #expect(alert.provider == .request)
        #expect(alert.errors.map(\.rule) == ["aps-missing"], "\(alert.findings)")
        let bare = PayloadDecoder().check(Data(#"{"payload": {"activeSpeaker": "Ana"}}"#.utf8))
        #expect(bare.errors.first?.rule == "provider-message-invalid")
    }
}
