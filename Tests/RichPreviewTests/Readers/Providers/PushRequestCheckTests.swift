import Foundation
import RichPreview
import Testing

/// `PushRequest.check`: the headers are checked with the payload, as a request file's are.
struct PushRequestCheckTests {
    static func rules(_ request: PushRequest, bundleID: String? = nil) -> [String] {
        request.check(bundleID: bundleID, file: "push").findings.map(\.rule).sorted()
    }

    @Test func theHeadersAreCheckedWithThePayload() {
        let background = PushRequest(
            headers: PushHeaders(pushType: "background", priority: 10),
            payload: Data(#"{"aps": {"content-available": 1}}"#.utf8))
        #expect(Self.rules(background) == ["background-priority-high"])
        let wrongTopic = PushRequest(
            headers: PushHeaders(pushType: "liveactivity", topic: "com.example.app"),
            payload: Data(#"{"aps": {"timestamp": 1800000000, "event": "update", "content-state": {}}}"#.utf8))
        #expect(Self.rules(wrongTopic, bundleID: "com.example.app") == ["topic-push-type-mismatch"])
    }

    @Test func aGoodRequestIsClean() {
        let alert = PushRequest(
            headers: PushHeaders(pushType: "alert", topic: "com.example.app", priority: 5),
            payload: Data(#"{"aps": {"alert": {"title": "Goal!", "body": "2 – 1"}}}"#.utf8))
        let report = alert.check(bundleID: "com.example.app")
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.pushType == .alert)
    }

    @Test func theSizeLimitIsThePushTypes() {
        let padding = String(repeating: "x", count: 4500)
        let payload = Data(#"{"aps": {}, "call": "\#(padding)"}"#.utf8)
        #expect(Self.rules(PushRequest(headers: PushHeaders(pushType: "voip"), payload: payload)).isEmpty)
        #expect(
            Self.rules(PushRequest(headers: PushHeaders(pushType: "alert"), payload: payload)).contains(
                "payload-too-large"))
    }
}
