import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ActivityDateFromReferenceDate`: a Live Activity's timestamp or stale-date counted from 2001, and the
/// near misses (UNIX seconds, a past dismissal-date that ends the activity at once, a date too
/// early to be either, a placeholder that from 2001 would land in 2040).
struct ActivityDateFromReferenceDateTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "update.json":
                #"{"aps": {"timestamp": 818268800, "event": "update", "stale-date": 818272400, "content-state": {}}}"#
        ])
        let found = fixture.findings("activity-date-from-reference-date").sorted {
            ($0.keyPath ?? "") < ($1.keyPath ?? "")
        }
        #expect(found.map(\.keyPath) == ["aps.stale-date", "aps.timestamp"], "\(found)")
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(
            found.last?.message
                == "aps.timestamp is 818268800, 1995-12-06 in UNIX seconds, before Live Activities existed: it looks counted from 2001 (Date.timeIntervalSinceReferenceDate, JSONEncoder's default); send UNIX seconds, 1796576000 (2026-12-06)",
            "\(found)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "update.json": #"{"aps": {"timestamp": 1796576000, "event": "update", "content-state": {}}}"#,
            "end.json":
                #"{"aps": {"timestamp": 1796576000, "event": "end", "dismissal-date": 818268800, "content-state": {}}}"#,
            "early.json": #"{"aps": {"timestamp": 5000, "event": "update", "content-state": {}}}"#,
            "placeholder.json": #"{"aps": {"timestamp": 1234567890, "event": "update", "content-state": {}}}"#,
        ])
        #expect(fixture.findings("activity-date-from-reference-date").isEmpty)
    }
}
