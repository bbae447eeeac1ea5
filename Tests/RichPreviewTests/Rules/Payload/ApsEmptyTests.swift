import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsEmpty`: a case that triggers the rule and a near miss that must not.
struct ApsEmptyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {}}"#])
        let findings = fixture.findings("aps-empty")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"badge": 1}}"#])
        #expect(fixture.findings("aps-empty").isEmpty, "\(fixture.findings("aps-empty"))")
    }

    /// VoIP and Push to Talk payloads go to the app, which reads its own keys: `aps` may be empty or
    /// absent; sent as an alert, the same payload is reported.
    @Test func pushesForTheAppAloneDoNotTrigger() {
        let payload = Data(#"{"aps": {}, "speaker": "Anna"}"#.utf8)
        for pushType in ["voip", "pushtotalk"] {
            let request = PushRequest(headers: PushHeaders(pushType: pushType), payload: payload)
            #expect(!request.check().findings.contains { $0.rule == "aps-empty" }, "\(pushType)")
        }
        let alert = PushRequest(headers: PushHeaders(pushType: "alert"), payload: payload)
        #expect(alert.check().findings.contains { $0.rule == "aps-empty" })
    }
}
