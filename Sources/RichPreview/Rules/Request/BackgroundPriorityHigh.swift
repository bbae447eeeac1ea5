extension Rules {
    /// A background push sent at apns-priority 10, which Apple calls an error: send it at 5.
    public enum BackgroundPriorityHigh: PayloadRule {
        /// This rule's id (`background-priority-high`), default severity (error), area (payload)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "background-priority-high", severity: .error, area: .payload,
            summary:
                "A background push (content-available alone) at apns-priority 10, given or a provider's default: Apple requires 5."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            let headers = payload.headers
            guard headers.priority == 10, payload.readFailure == nil else { return [] }
            let isBackground =
                headers.pushType.map { $0.lowercased() == "background" } ?? (payload.payload?.isSilent == true)
            guard isBackground else { return [] }
            let origin = payload.headerOrigin(.priority)
            // A provider's default has the message itself as its origin, not a priority field.
            let defaulted = origin.map { !$0.hasSuffix("priority") } ?? false
            let provider = payload.message?.provider.displayName ?? "the provider"
            return payload.placedAtMessageKeys([
                Finding(
                    rule: descriptor,
                    message:
                        "a background push at apns-priority 10\(defaulted ? " (\(provider)'s default)" : ""): APNs requires 5 for background pushes and may refuse or throttle it",
                    file: payload.file, keyPath: origin, suggestion: "5")
            ])
        }
    }
}
