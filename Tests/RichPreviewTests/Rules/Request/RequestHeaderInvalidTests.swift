import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `RequestHeaderInvalid`: an unknown push type, a priority of 7 and a 65-byte collapse id; the same request within bounds.
struct RequestHeaderInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "request.json":
                #"{"headers": {"apns-push-type": "alrt", "apns-priority": "7", "apns-collapse-id": "ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"}, "payload": {"aps": {"alert": "x"}}}"#
        ])
        let findings = fixture.findings("request-header-invalid")
        #expect(findings.count == 3, "\(findings)")
        #expect(findings.allSatisfy { $0.line != nil }, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "request.json":
                #"{"headers": {"apns-push-type": "alert", "apns-priority": "5", "apns-collapse-id": "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"}, "payload": {"aps": {"alert": "x"}}}"#
        ])
        #expect(fixture.findings("request-header-invalid").isEmpty, "\(fixture.findings("request-header-invalid"))")
    }
}
