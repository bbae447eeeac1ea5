extension Rules {
    /// An alert with a title but no body: iOS may show nothing.
    public enum AlertTitleWithoutBody: PayloadRule {
        /// This rule's id (`alert-title-without-body`), default severity (warning), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "alert-title-without-body", severity: .warning, area: .payload,
            summary: "An alert with a title but no body: iOS may show nothing.")

        /// Alert dictionaries (of the payload and a nested one) with a title and no body.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.compactMap { scope in
                guard let alert = scope.payload.aps?.alert, !alert.isPlainText,
                    alert.title != nil || alert.titleLocKey != nil, !alert.hasBody
                else { return nil }
                return Finding(
                    rule: descriptor, message: "alert has a title but no body: iOS may show nothing",
                    file: payload.file,
                    keyPath: PayloadDocument.path(scope.prefix, "aps.alert"))
            }
        }
    }
}
