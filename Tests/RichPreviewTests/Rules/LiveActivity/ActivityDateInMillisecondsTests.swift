import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActivityDateInMilliseconds`: a Live Activity's timestamp, stale-date or dismissal-date in
/// milliseconds, and the near misses (UNIX seconds, far-future seconds under the floor).
struct ActivityDateInMillisecondsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "update.json":
                #"{"aps": {"timestamp": 1765000000000, "event": "update", "stale-date": 1765003600000, "content-state": {}}}"#,
            "end.json":
                #"{"aps": {"timestamp": 1765000000, "event": "end", "dismissal-date": 1765007200123.0, "content-state": {}}}"#,
        ])
        let found = fixture.findings("activity-date-in-milliseconds").sorted { ($0.keyPath ?? "") < ($1.keyPath ?? "") }
        #expect(found.map(\.keyPath) == ["aps.dismissal-date", "aps.stale-date", "aps.timestamp"], "\(found)")
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.first?.message.hasSuffix("send 1765007200 (2025-12-06)") == true, "\(found)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "update.json":
                #"{"aps": {"timestamp": 1765000000, "event": "update", "stale-date": 99999999999, "content-state": {}}}"#
        ])
        #expect(fixture.findings("activity-date-in-milliseconds").isEmpty)
    }
}
