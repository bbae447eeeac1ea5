extension Rules {
    /// An apns-expiration that reads as milliseconds: a UNIX time in seconds that far ahead is
    /// thousands of years away.
    public enum ExpirationInMilliseconds: PayloadRule {
        /// This rule's id (`expiration-in-milliseconds`), default severity (warning), area
        /// (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "expiration-in-milliseconds", severity: .warning, area: .payload,
            summary: "An apns-expiration written in milliseconds; APNs reads UNIX seconds, so the push never expires.")

        /// UNIX seconds past this (the year 5138) are taken for milliseconds.
        static let secondsLimit = 100_000_000_000

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let expiration = payload.headers.expiration,
                expiration > secondsLimit
            else { return [] }
            return payload.placedAtMessageKeys([
                Finding(
                    rule: descriptor,
                    message:
                        "apns-expiration \(expiration) looks like milliseconds: APNs reads UNIX seconds, so it would keep trying for millennia",
                    file: payload.file, keyPath: payload.headerOrigin(.expiration),
                    suggestion: String(expiration / 1000))
            ])
        }
    }
}
