extension Rules {
    /// The payload's id key (for replacing notifications) is neither a non-empty string nor a
    /// whole number.
    public enum NotificationIdInvalid: DeliveryRule {
        /// This rule's id (`notification-id-invalid`), default severity (error), area (delivery)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "notification-id-invalid", severity: .error, area: .delivery,
            summary:
                "The payload's id key (for replacing notifications) is neither a non-empty string nor a whole number.")

        /// A push the center refused for its id, placed at the id's key.
        static func check(_ outcome: PushOutcome) -> [Finding] {
            guard case .failure(.invalidIdentifier(let keyPath, let found)) = outcome.result else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message: "expected a non-empty string or a whole number as the notification's id, found \(found)",
                    file: outcome.file, keyPath: keyPath)
            ]
        }
    }
}
