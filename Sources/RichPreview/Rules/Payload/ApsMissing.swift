extension Rules {
    /// A payload without an aps dictionary (allowed only for VoIP pushes).
    public enum ApsMissing {
        /// This rule's id (`aps-missing`), default severity (error), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "aps-missing", severity: .error, area: .payload,
            summary: "A payload without an aps dictionary (allowed only for VoIP pushes).")

        package static func finding(file: String, keyPath: String, misspelt: String? = nil) -> Finding {
            Finding(
                rule: descriptor,
                message: misspelt.map {
                    "missing: expected an 'aps' dictionary; '\($0)' is not it (keys are case-sensitive)"
                }
                    ?? "missing: expected an 'aps' dictionary",
                file: file, keyPath: keyPath, suggestion: misspelt == nil ? nil : "aps")
        }
    }
}
