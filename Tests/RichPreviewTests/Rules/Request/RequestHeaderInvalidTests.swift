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

    /// `apns-id` (a UUID), `apns-channel-id` (a broadcast's channel, with no topic) and the
    /// request's own `content-type` and `authorization` are read, not refused; a malformed id is
    /// named.
    @Test func theIdChannelAndHTTPHeadersAreRead() throws {
        let update = #""payload": {"aps": {"timestamp": 1796576000, "event": "update", "content-state": {}}}"#
        let fixture = try LintFixture([
            "id.json":
                #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.x.push-type.liveactivity", "apns-id": "6f1c2b5e-9a7d-4e21-8c3f-0b4a5d6e7f80", "content-type": "application/json", "authorization": "bearer t"}, \#(update)}"#,
            "broadcast.json":
                #"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, \#(update)}"#,
            "bad-id.json":
                #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.x.push-type.liveactivity", "apns-id": "push-42"}, \#(update)}"#,
        ])
        let elsewhere = fixture.lint().findings.filter {
            $0.severity != .note && $0.file?.hasSuffix("bad-id.json") != true
        }
        #expect(elsewhere.isEmpty, "\(elsewhere)")
        let bad = fixture.findings("request-header-invalid")
        #expect(
            bad.map(\.message) == [
                "apns-id 'push-42' is not a UUID (8-4-4-4-12 hexadecimal digits); APNs answers BadMessageId"
            ], "\(bad)")
        let decoded = PayloadDecoder().check(
            Data(
                #"{"headers": {"apns-channel-id": "c", "apns-id": "6F1C2B5E-9A7D-4E21-8C3F-0B4A5D6E7F80"}, \#(update)}"#
                    .utf8))
        #expect(decoded.headers.channelID == "c" && decoded.headers.id == "6F1C2B5E-9A7D-4E21-8C3F-0B4A5D6E7F80")
    }
}
