import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ApsMissing`: a case that triggers the rule and a near miss that must not.
struct ApsMissingTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"APS": {"alert": "x"}}"#])
        let findings = fixture.findings("aps-missing")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.suggestion == "aps" && findings.first?.keyPath == "aps")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x"}}"#])
        #expect(fixture.findings("aps-missing").isEmpty, "\(fixture.findings("aps-missing"))")
    }

    /// VoIP and Push to Talk payloads go to the app, which reads its own keys: `aps` may be empty or
    /// absent; sent as an alert, the same payload is reported.
    @Test func pushesForTheAppAloneDoNotTrigger() {
        let payload = Data(#"{"speaker": "Anna"}"#.utf8)
        for pushType in ["voip", "pushtotalk"] {
            let request = PushRequest(headers: PushHeaders(pushType: pushType), payload: payload)
            #expect(!request.check().findings.contains { $0.rule == "aps-missing" }, "\(pushType)")
        }
        let alert = PushRequest(headers: PushHeaders(pushType: "alert"), payload: payload)
        #expect(alert.check().findings.contains { $0.rule == "aps-missing" })
    }
}
