extension Rules {
    /// An aps value of the wrong type or out of range: a badge that is not an integer ≥ 0,
    /// content-available not 1, an unknown interruption level, a relevance score outside 0…1, a
    /// flag written true.
    public enum ApsType: PayloadRule {
        /// This rule's id (`aps-type`), default severity (error), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-type", severity: .error, area: .payload,
            summary:
                "An aps value of the wrong type or out of range: a badge that is not an integer ≥ 0, content-available not 1, an unknown interruption level, a relevance score outside 0…1.",
            causes: [flagAsBoolean])

        /// A flag (content-available, mutable-content) written `true`: APNs wants the number.
        static let flagAsBoolean = RuleDescriptor.Cause(
            id: "flag-as-boolean", severity: .warning,
            summary: "content-available or mutable-content written true or false: APNs documents the number 1.")

        /// Every value the typed payload could not take, and every flag written as a boolean (a
        /// warning: iOS reads it as the number).
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.rejectedValues.map {
                Finding(
                    rule: descriptor, message: "expected \($0.expected), found \($0.found)", file: payload.file,
                    keyPath: $0.keyPath)
            }
                + payload.booleanFlags.map {
                    Finding(
                        rule: descriptor, cause: flagAsBoolean,
                        message: "should be the number \($0.value ? 1 : 0), not \($0.value)", file: payload.file,
                        keyPath: $0.keyPath)
                }
        }
    }
}
