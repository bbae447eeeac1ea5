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

    @Test func aProvidersCollapseIdCountsBytes() throws {
        let id = String(repeating: "é", count: 33)
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "collapseId": "\#(id)"}"#
        ])
        let findings = fixture.findings("request-header-invalid")
        #expect(findings.map(\.keyPath) == ["collapseId"], "\(findings)")
        #expect(findings.first?.message.contains("66 bytes") == true)
    }

    @Test func aProvidersCollapseIdOfSixtyFourBytesIsSilent() throws {
        let id = String(repeating: "é", count: 32)
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "collapseId": "\#(id)"}"#
        ])
        #expect(fixture.findings("request-header-invalid").isEmpty)
    }
}
