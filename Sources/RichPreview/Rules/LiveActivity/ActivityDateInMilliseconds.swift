import Foundation

extension Rules {
    /// A Live Activity's `aps.timestamp`, `stale-date` or `dismissal-date` in milliseconds: these
    /// are UNIX seconds, so the update's order, its staleness or its removal lands thousands of
    /// years away.
    public enum ActivityDateInMilliseconds: PayloadRule {
        /// This rule's id (`activity-date-in-milliseconds`), default severity (warning), area
        /// (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "activity-date-in-milliseconds", severity: .warning, area: .payload,
            summary:
                "A Live Activity timestamp, stale-date or dismissal-date in milliseconds: these are UNIX seconds, so the date lands thousands of years away."
        )

        /// Above this a UNIX time is taken for milliseconds (in seconds it is the year 5138).
        static let millisecondsFloor = 1e11

        /// Each of the three dates over the floor, in the payload and a nested one.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.flatMap { scope -> [Finding] in
                guard let aps = scope.payload.aps else { return [] }
                let dates: [(key: String, value: Double?)] = [
                    ("timestamp", aps.timestamp), ("stale-date", aps.staleDate), ("dismissal-date", aps.dismissalDate),
                ]
                return dates.compactMap { key, value in
                    guard let value, value > millisecondsFloor else { return nil }
                    let seconds = (value / 1000).rounded()
                    let meant = Date(timeIntervalSince1970: seconds).formatted(
                        Date.ISO8601FormatStyle().year().month().day())
                    return Finding(
                        rule: descriptor,
                        message:
                            "aps.\(key) is \(Int(value)), milliseconds: it is UNIX seconds, so this is thousands of years away; send \(Int(seconds)) (\(meant))",
                        file: payload.file, keyPath: PayloadDocument.path(scope.prefix, "aps." + key))
                }
            }
        }
    }
}
