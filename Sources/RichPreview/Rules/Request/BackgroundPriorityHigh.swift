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
            guard let message = payload.message, message.headers.priority == 10 else { return [] }
            let isBackground =
                message.headers.pushType.map { $0.lowercased() == "background" } ?? (payload.payload?.isSilent == true)
            guard isBackground else { return [] }
            let origin = message.headerOrigins[PushHeaders.CodingKeys.priority.rawValue]
            let given = origin.map { $0.hasSuffix("apns-priority") || $0.hasSuffix("priority") } ?? false
            return payload.placedAtMessageKeys([
                Finding(
                    rule: descriptor,
                    message:
                        "a background push at apns-priority 10\(given ? "" : " (\(message.provider.displayName)'s default)"): APNs requires 5 for background pushes and may refuse or throttle it",
                    file: payload.file, keyPath: origin, suggestion: "5")
            ])
        }
    }
}
