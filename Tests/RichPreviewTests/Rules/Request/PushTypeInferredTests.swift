import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PushTypeInferred`: Live Activity and widget payloads with no push type; the same with one, and
/// alerts and silent pushes without one.
struct PushTypeInferredTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "activity.json": #"{"aps": {"timestamp": 1800000000, "event": "update", "content-state": {"score": 1}}}"#,
            "widget.json": #"{"aps": {"content-changed": true}}"#,
        ])
        let findings = fixture.findings("push-type-inferred")
        #expect(
            Set(findings.map(\.placeInFixture))
                == ["activity.json:aps.event", "widget.json:aps.content-changed"],
            "\(findings)")
        #expect(findings.allSatisfy { $0.severity == .note && $0.line != nil })
        let activity = try #require(findings.first { ($0.file ?? "").hasSuffix("activity.json") })
        #expect(activity.message.contains("apns-push-type: liveactivity and a topic ending in .push-type.liveactivity"))
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "alert.json": #"{"aps": {"alert": "Goal!"}}"#,
            "sync.json": #"{"aps": {"content-available": 1}, "since": 12}"#,
            "request.json":
                #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1800000000, "event": "update", "content-state": {"score": 1}}}}"#,
        ])
        #expect(fixture.findings("push-type-inferred").isEmpty, "\(fixture.findings("push-type-inferred"))")
    }
}
