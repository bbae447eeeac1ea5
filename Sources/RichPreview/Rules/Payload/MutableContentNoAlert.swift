extension Rules {
    /// mutable-content: 1 without an alert to show: the service extension is not run.
    public enum MutableContentNoAlert: PayloadRule {
        /// This rule's id (`mutable-content-no-alert`), default severity (warning), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "mutable-content-no-alert", severity: .warning, area: .payload,
            summary: "mutable-content: 1 without an alert to show: the service extension is not run.")

        /// A top-level `aps` with `mutable-content: 1` and no alert text.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let aps = payload.payload?.aps, aps.mutableContent, !(aps.alert?.hasVisibleText ?? false) else {
                return []
            }
            return [
                Finding(
                    rule: descriptor,
                    message: "mutable-content without an alert to show: the service extension is not run",
                    file: payload.file, keyPath: "aps.mutable-content")
            ]
        }
    }
}
