extension Rules {
    /// A provider message the provider would refuse, or JSON that is neither a payload nor any
    /// provider's message.
    public enum ProviderMessageInvalid: PayloadRule {
        /// This rule's id (`provider-message-invalid`), default severity (error), area (provider)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "provider-message-invalid", severity: .error, area: .provider,
            summary:
                "A provider message (FCM, Expo, OneSignal, Airship, Braze) with a field of the wrong type or a required one missing, or JSON that is no provider's message."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            if case .notProviderMessage(let nearest, let reason)? = payload.readFailure {
                let message =
                    payload.statedProvider.map {
                        "not \($0.article) \($0.displayName)\($0 == .request ? "" : " message"): \(reason)"
                    }
                    ?? "neither an APNs payload (no 'aps') nor a provider's message; nearest: \(nearest.displayName): \(reason)"
                return [Finding(rule: descriptor, message: message, file: payload.file, line: 1, column: 1)]
            }
            guard let message = payload.message else { return [] }
            return payload.placedAtMessageKeys(
                message.problems.map {
                    Finding(
                        rule: descriptor, message: "\(message.provider.displayName): \($0.reason)", file: payload.file,
                        keyPath: $0.keyPath)
                })
        }
    }
}
