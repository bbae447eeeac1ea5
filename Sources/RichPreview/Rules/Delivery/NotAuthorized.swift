extension Rules {
    /// A notification asking for an alert, sound or badge the user has not allowed: iOS drops
    /// that part (or refuses the local notification).
    public enum NotAuthorized: DeliveryRule {
        /// This rule's id (`not-authorized`), default severity (note), area (delivery) and summary.
        public static let descriptor = RuleDescriptor(
            id: "not-authorized", severity: .note, area: .delivery,
            summary:
                "A notification asking for an alert, sound or badge the user has not allowed: iOS drops that part (or refuses the local notification)."
        )

        /// A local notification the center refused, in iOS's own log line, or a regular push iOS
        /// shows nothing of.
        static func check(_ outcome: PushOutcome) -> [Finding] {
            switch outcome.result {
            case .failure(let refusal):
                guard case .notAuthorized = refusal else { return [] }
                return [Finding(rule: descriptor, message: refusal.text, file: outcome.file)]
            case .success(let receipt):
                guard case .notAllowed(let missing) = receipt.route else { return [] }
                let kinds = AuthorizationOptions.named.filter { missing.contains($0.option) }.map(\.name)
                return [
                    Finding(
                        rule: descriptor,
                        message:
                            "iOS shows nothing of remote notification \(receipt.identifier): the user has not allowed \(kinds.joined(separator: ", "))",
                        file: outcome.file)
                ]
            }
        }
    }
}
