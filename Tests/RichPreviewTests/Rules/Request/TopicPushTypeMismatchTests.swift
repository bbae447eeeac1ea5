import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TopicPushTypeMismatch`: a VoIP request sent to the app's own topic; the same to its .voip topic.
struct TopicPushTypeMismatchTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "request.json":
                #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app"}, "payload": {"aps": {}}}"#
        ])
        let findings = fixture.findings("topic-push-type-mismatch")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.allSatisfy { $0.line != nil }, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "request.json":
                #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app.voip"}, "payload": {"aps": {}}}"#
        ])
        #expect(fixture.findings("topic-push-type-mismatch").isEmpty, "\(fixture.findings("topic-push-type-mismatch"))")
    }
}
