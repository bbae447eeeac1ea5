extension Rules {
    /// `alert.summary-arg` or `summary-arg-count`: iOS 15 and later ignore both (Apple deprecated
    /// `summaryArgument` and `summaryArgumentCount` as ignored), so a stack's summary line names
    /// no one and counts notifications, not items.
    public enum SummaryArgIgnored: PayloadRule {
        /// This rule's id (`summary-arg-ignored`), default severity (note), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "summary-arg-ignored", severity: .note, area: .payload,
            summary:
                "alert.summary-arg or summary-arg-count: iOS 15 and later ignore both; the stack's summary line counts the notifications and names no one."
        )

        /// Each alert dictionary (of the payload and a nested one) with either key, at that key.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.flatMap { scope -> [Finding] in
                guard let alert = scope.payload.aps?.alert, !alert.isPlainText else { return [] }
                let keys = [
                    ("summary-arg", alert.summaryArg != nil), ("summary-arg-count", alert.summaryArgCount != nil),
                ]
                return keys.filter(\.1).map { key, _ in
                    Finding(
                        rule: descriptor,
                        message:
                            "\(key) is ignored since iOS 15: the stack's summary line reads \"N more notifications\", counting notifications and naming no one",
                        file: payload.file, keyPath: PayloadDocument.path(scope.prefix, "aps.alert.\(key)"))
                }
            }
        }
    }
}
