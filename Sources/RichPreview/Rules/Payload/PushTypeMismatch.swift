extension Rules {
    /// A payload that does not fit the apns-push-type it is sent with.
    public enum PushTypeMismatch {
        /// This rule's id (`push-type-mismatch`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "push-type-mismatch", severity: .warning, area: .payload,
            summary: "A payload that does not fit the apns-push-type it is sent with.")

        package static func finding(file: String, keyPath: String, pushType: PushType, reason: String) -> Finding {
            Finding(
                rule: descriptor, message: "\(reason) (push type \(pushType.rawValue))", file: file, keyPath: keyPath)
        }
    }
}
