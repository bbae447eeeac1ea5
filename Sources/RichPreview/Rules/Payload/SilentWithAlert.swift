extension Rules {
    /// content-available: 1 together with an alert, badge or sound: not a silent push.
    public enum SilentWithAlert {
        /// This rule's id (`silent-with-alert`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "silent-with-alert", severity: .warning, area: .payload,
            summary: "content-available: 1 together with an alert, badge or sound: not a silent push.")

        package static func finding(file: String, keyPath: String, keys: [String]) -> Finding {
            Finding(
                rule: descriptor,
                message:
                    "content-available with \(keys.joined(separator: ", ")) is not a silent push; send background updates without them",
                file: file, keyPath: keyPath)
        }
    }
}
