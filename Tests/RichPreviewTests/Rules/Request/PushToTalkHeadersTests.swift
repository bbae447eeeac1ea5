import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PushToTalkHeaders`: a pushtotalk push at priority 5 or without expiration 0; the same at 10 and 0,
/// and other push types with those headers.
struct PushToTalkHeadersTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "low.json":
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "5", "apns-expiration": "0"}, "payload": {"aps": {}, "speaker": "Anna"}}"#,
            "late.json":
                #"{"headers": {"apns-topic": "com.example.talk.voip-ptt", "apns-expiration": "1800000000"}, "payload": {"aps": {}, "speaker": "Anna"}}"#,
            "unset.json": #"{"headers": {"apns-push-type": "pushtotalk"}, "payload": {"aps": {}, "speaker": "Anna"}}"#,
        ])
        let findings = fixture.findings("push-to-talk-headers")
        #expect(findings.count == 3, "\(findings)")
        #expect(findings.allSatisfy { $0.severity == .warning && $0.line != nil }, "\(findings)")
        #expect(findings.contains { ($0.file ?? "").hasSuffix("low.json") && $0.message.contains("apns-priority 5") })
        #expect(
            findings.contains {
                ($0.file ?? "").hasSuffix("late.json") && $0.message.contains("apns-expiration 1800000000")
            })
        #expect(
            findings.contains { ($0.file ?? "").hasSuffix("unset.json") && $0.message.contains("no apns-expiration") })
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "ptt.json":
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.talk.voip-ptt", "apns-priority": "10", "apns-expiration": "0"}, "payload": {"aps": {}, "speaker": "Anna"}}"#,
            "voip.json":
                #"{"headers": {"apns-push-type": "voip", "apns-priority": "5"}, "payload": {"aps": {}, "caller": "Anna"}}"#,
        ])
        #expect(fixture.findings("push-to-talk-headers").isEmpty, "\(fixture.findings("push-to-talk-headers"))")
    }
}
