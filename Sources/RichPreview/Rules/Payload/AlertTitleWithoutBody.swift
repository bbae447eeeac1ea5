extension Rules {
    /// An alert with a title but no body: iOS may show nothing.
    public enum AlertTitleWithoutBody {
        /// This rule's id (`alert-title-without-body`), default severity (warning), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "alert-title-without-body", severity: .warning, area: .payload,
            summary: "An alert with a title but no body: iOS may show nothing.")

        package static func finding(file: String, keyPath: String) -> Finding {
            Finding(
                rule: descriptor, message: "alert has a title but no body: iOS may show nothing", file: file,
                keyPath: keyPath)
        }
    }
}
