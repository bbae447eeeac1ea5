extension Rules {
    /// A background push (content-available, nothing shown) sent with apns-priority 10, written or
    /// the provider's default: Apple calls that an error; background pushes go at priority 5.
    public enum BackgroundPushPriorityHigh: PayloadRule {
        /// This rule's id (`background-push-priority-high`), default severity (warning), area
        /// (provider) and summary.
        public static let descriptor = RuleDescriptor(
            id: "background-push-priority-high", severity: .warning, area: .provider,
            summary:
                "A background push (content-available and nothing shown) sent with apns-priority 10, as written or as the provider's default (FCM's): Apple requires priority 5 for background pushes."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message, message.headers.priority == 10, payload.payload?.isSilent == true
            else { return [] }
            let origin = message.headerOrigins[PushHeaders.CodingKeys.priority.rawValue]
            let written = origin.map { !$0.isEmpty && $0 != message.path("message") } ?? false
            return [
                Finding(
                    rule: descriptor,
                    message: written
                        ? "a background push at apns-priority 10: Apple requires 5 for background pushes and may throttle or drop them"
                        : "a background push sent at \(message.provider.displayName)'s default apns-priority 10: Apple requires 5 for background pushes; set it",
                    file: payload.file, keyPath: origin.flatMap { $0.isEmpty ? nil : $0 },
                    suggestion: message.provider == .fcm && !written ? "apns.headers.apns-priority" : nil)
            ]
        }
    }
}
