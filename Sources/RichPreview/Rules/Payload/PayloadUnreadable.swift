extension Rules {
    /// A payload file that cannot be read or is not a JSON object.
    public enum PayloadUnreadable: PayloadRule {
        /// This rule's id (`payload-unreadable`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-unreadable", severity: .error, area: .payload,
            summary: "A payload file that cannot be read or is not a JSON object.")

        static func check(_ payload: PayloadDocument) -> [Finding] {
            switch payload.readFailure {
            case .notJSON(let reason, let line, let column)?:
                let position = line.flatMap { line in column.map { " at line \(line), column \($0)" } } ?? ""
                return [
                    finding(
                        file: payload.file, reason: "not valid JSON\(position): \(reason)", line: line, column: column)
                ]
            case .topLevelNotObject(let found)?:
                return [finding(file: payload.file, reason: "expected a JSON object at the top level, found \(found)")]
            case .fileUnreadable(let reason)?:
                return [finding(file: payload.file, reason: reason)]
            case .tooLargeToRead?, nil:
                return []
            }
        }

        private static func finding(file: String, reason: String, line: Int? = nil, column: Int? = nil) -> Finding {
            Finding(rule: descriptor, message: reason, file: file, line: line, column: column)
        }
    }
}
