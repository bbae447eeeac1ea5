extension Rules {
    /// title-loc-args, subtitle-loc-args or loc-args without their loc-key: the arguments are
    /// never used.
    public enum LocArgsWithoutKey {
        /// This rule's id (`loc-args-without-key`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "loc-args-without-key", severity: .warning, area: .payload,
            summary:
                "title-loc-args, subtitle-loc-args or loc-args without their loc-key: the arguments are never used.")

        package static func finding(file: String, keyPath: String, key: String) -> Finding {
            Finding(rule: descriptor, message: "arguments without '\(key)' are not used", file: file, keyPath: keyPath)
        }
    }
}
