extension Rules {
    /// A notification asking for an alert, sound or badge the user has not allowed: iOS drops
    /// that part (or refuses the local notification).
    public enum NotAuthorized: Rule {
        /// This rule's id (`not-authorized`), default severity (note), area (delivery) and summary.
        public static let descriptor = RuleDescriptor(
            id: "not-authorized", severity: .note, area: .delivery,
            summary:
                "A notification asking for an alert, sound or badge the user has not allowed: iOS drops that part (or refuses the local notification)."
        )

        package static func finding(file: String?, message: String) -> Finding {
            Finding(rule: descriptor, message: message, file: file)
        }
    }
}
