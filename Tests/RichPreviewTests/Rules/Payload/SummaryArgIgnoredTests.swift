import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SummaryArgIgnored`: each of the two keys noted where it stands, and an alert without them
/// left alone.
struct SummaryArgIgnoredTests {
    @Test func triggersOnEachKey() throws {
        let fixture = try LintFixture([
            "push.json":
                #"{"aps": {"alert": {"title": "Ana", "body": "Hi", "summary-arg": "Ana", "summary-arg-count": 2}}}"#
        ])
        let findings = fixture.findings("summary-arg-ignored")
        #expect(findings.map(\.keyPath) == ["aps.alert.summary-arg", "aps.alert.summary-arg-count"], "\(findings)")
        #expect(findings.allSatisfy { $0.severity == .note && $0.line == 1 })
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": {"title": "Ana", "body": "Hi"}, "thread-id": "chat"}, "summary-arg": "x"}"#
        ])
        #expect(fixture.findings("summary-arg-ignored").isEmpty, "\(fixture.findings("summary-arg-ignored"))")
    }
}
