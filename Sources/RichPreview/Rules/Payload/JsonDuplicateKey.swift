extension Rules {
    /// A key written twice in one JSON object: Foundation keeps the last one silently, so the
    /// first never counts.
    public enum JsonDuplicateKey: PayloadRule {
        /// This rule's id (`json-duplicate-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "json-duplicate-key", severity: .warning, area: .payload,
            summary:
                "A key written twice in one JSON object: Foundation keeps the last one silently, so the first never counts."
        )

        /// Every key written again in the same object, placed where it is written again.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.duplicateKeys.map { duplicate in
                Finding(
                    rule: descriptor, message: "written twice in the same object; only the last one counts",
                    file: payload.file, line: duplicate.position.line, column: duplicate.position.column,
                    keyPath: duplicate.keyPath)
            }
        }
    }
}
