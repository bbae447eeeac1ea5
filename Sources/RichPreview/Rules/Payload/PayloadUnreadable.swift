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
            case .empty(let whiteSpace)?:
                return [
                    finding(
                        file: payload.file, reason: "not valid JSON: \(whiteSpace ? "only white space" : "empty file")")
                ]
            case .notUTF8?:
                return [finding(file: payload.file, reason: "not valid JSON: not UTF-8 text")]
            case .notJSON(let kind, let line, let column)?:
                return [
                    finding(
                        file: payload.file,
                        reason: "not valid JSON at line \(line), column \(column): \(Self.reason(kind))",
                        line: line, column: column)
                ]
            case .topLevelNotObject(let found)?:
                return [finding(file: payload.file, reason: "expected a JSON object at the top level, found \(found)")]
            case .fileUnreadable(let reason)?:
                return [finding(file: payload.file, reason: reason)]
            case .tooLargeToRead?, .notProviderMessage?, nil:
                return []
            }
        }

        /// What is wrong with the JSON, for the message.
        private static func reason(_ kind: PayloadJSON.Failure.Kind) -> String {
            switch kind {
            case .trailingComma(let closer):
                return "trailing comma before '\(closer)'"
            case .typographicQuote(let quote):
                let hex = String(quote.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
                return "typographic quote \(quote) (U+\(hex)) where JSON needs a straight quote (\")"
            case .missingComma:
                return "a string where ',' is needed (missing comma before it?)"
            case .syntax(let reason):
                return reason
            }
        }

        private static func finding(file: String, reason: String, line: Int? = nil, column: Int? = nil) -> Finding {
            Finding(rule: descriptor, message: reason, file: file, line: line, column: column)
        }
    }
}
