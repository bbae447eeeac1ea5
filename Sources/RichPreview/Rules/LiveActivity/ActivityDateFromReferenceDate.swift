import Foundation

extension Rules {
    /// A Live Activity's `aps.timestamp` or `stale-date` before Live Activities existed, that
    /// counted from 2001 (Swift's `timeIntervalSinceReferenceDate`, which `JSONEncoder` writes a
    /// `Date` as by default) would be a date since: these are UNIX seconds, so iOS takes the update
    /// for one 31 years old.
    public enum ActivityDateFromReferenceDate: PayloadRule {
        /// This rule's id (`activity-date-from-reference-date`), default severity (warning), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "activity-date-from-reference-date", severity: .warning, area: .payload,
            summary:
                "A Live Activity timestamp or stale-date counted from 2001 (Swift's reference date, JSONEncoder's default for a Date): these are UNIX seconds, so the date lands 31 years early."
        )

        /// Seconds from 1970 to 2001, the reference date of Foundation's `Date`.
        static let referenceDateOffset = 978_307_200.0
        /// iOS 16.1's release (2022-10-24), when Live Activities began: no date before it is meant.
        static let firstLiveActivity = 1_666_569_600.0
        /// 2033-05-18: a date counted from 2001 that lands after it is no date anyone meant either
        /// (a placeholder such as 1234567890), so it is not taken for one.
        static let latestMeant = 2_000_000_000.0

        /// `timestamp` and `stale-date` before Live Activities that land after them counted from
        /// 2001. `dismissal-date` is left alone: a date in the past ends the activity at once, which
        /// is how it is used.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.flatMap { scope -> [Finding] in
                guard let aps = scope.payload.aps, aps.isLiveActivity else { return [] }
                let dates: [(key: String, value: Double?)] = [
                    ("timestamp", aps.timestamp), ("stale-date", aps.staleDate),
                ]
                return dates.compactMap { key, value in
                    guard let value, value > 0, value < firstLiveActivity,
                        (firstLiveActivity..<latestMeant).contains(value + referenceDateOffset)
                    else { return nil }
                    let day = Date.ISO8601FormatStyle().year().month().day()
                    let written = Date(timeIntervalSince1970: value).formatted(day)
                    let meant = Int(value + referenceDateOffset)
                    return Finding(
                        rule: descriptor,
                        message:
                            "aps.\(key) is \(Int(value)), \(written) in UNIX seconds, before Live Activities existed: it looks counted from 2001 (Date.timeIntervalSinceReferenceDate, JSONEncoder's default); send UNIX seconds, \(meant) (\(Date(timeIntervalSince1970: Double(meant)).formatted(day)))",
                        file: payload.file, keyPath: PayloadDocument.path(scope.prefix, "aps." + key))
                }
            }
        }
    }
}
