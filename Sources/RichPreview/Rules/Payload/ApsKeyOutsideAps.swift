extension Rules {
    /// An aps key written at the top level (FCM style content_available): APNs reads it only
    /// inside aps.
    public enum ApsKeyOutsideAps: PayloadRule {
        /// This rule's id (`aps-key-outside-aps`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-key-outside-aps", severity: .warning, area: .payload,
            summary: "An aps key written at the top level (FCM style content_available): APNs reads it only inside aps."
        )

        /// `aps` keys whose FCM-style or top-level spelling is a common mistake.
        static let misplacedKeys = [
            "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
            "target-content-id", "interruption-level", "relevance-score", "filter-criteria",
        ]

        /// Top-level keys (of the payload and of a nested one) that spell an `aps` key.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.flatMap { scope in
                scope.members.keys.sorted().compactMap { key -> Finding? in
                    guard key != "aps", key != scope.payload.nested?.key,
                        !(scope.prefix.isEmpty && key == APNsPayload.simulatorTargetBundleKey),
                        let apsKey = misplacedKeys.first(where: { $0 == Suggester.normalize(key) })
                    else { return nil }
                    return Finding(
                        rule: descriptor, message: "APNs reads this key only inside 'aps'", file: payload.file,
                        keyPath: PayloadDocument.path(scope.prefix, key),
                        suggestion: PayloadDocument.path(PayloadDocument.path(scope.prefix, "aps"), apsKey))
                }
            }
        }
    }
}
