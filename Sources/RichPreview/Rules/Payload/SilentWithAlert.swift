extension Rules {
    /// content-available: 1 together with an alert, badge or sound: not a silent push.
    public enum SilentWithAlert: PayloadRule {
        /// This rule's id (`silent-with-alert`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "silent-with-alert", severity: .warning, area: .payload,
            summary: "content-available: 1 together with an alert, badge or sound: not a silent push.")

        /// A top-level `aps` with `content-available: 1` and something the user sees or hears.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let aps = payload.payload?.aps, aps.contentAvailable else { return [] }
            let visible = aps.visibleKeys
            guard !visible.isEmpty else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "content-available with \(visible.joined(separator: ", ")) is not a silent push; send background updates without them",
                    file: payload.file, keyPath: "aps.content-available")
            ]
        }
    }
}
