extension Rules {
    /// A payload file that cannot be read or is not a JSON object.
    public enum PayloadUnreadable {
        /// This rule's id (`payload-unreadable`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-unreadable", severity: .error, area: .payload,
            summary: "A payload file that cannot be read or is not a JSON object.")

        package static func finding(file: String, reason: String, line: Int? = nil, column: Int? = nil) -> Finding {
            Finding(rule: descriptor, message: reason, file: file, line: line, column: column)
        }
    }
}
