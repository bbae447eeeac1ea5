extension Rules {
    /// A field the provider's message format does not have (Expo's message, Braze's `apple_push`,
    /// FCM's v1 message): nothing reaches the device from it, and FCM refuses the whole request.
    public enum ProviderFieldUnknown: PayloadRule {
        /// This rule's id (`provider-field-unknown`), default severity (warning), area (provider)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "provider-field-unknown", severity: .warning, area: .provider,
            summary:
                "A field Expo's message, Braze's apple_push or FCM's v1 message does not have, such as Braze's 'custom' for 'extra': nothing of it reaches the device.",
            causes: [refused])

        /// FCM's v1 API refuses a request with a field it does not know.
        static let refused = RuleDescriptor.Cause(
            id: "refused", severity: .error,
            summary: "A field FCM's HTTP v1 API does not know: it refuses the whole request (Unknown name).")

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message else { return [] }
            let name = message.provider.displayName
            return message.unknownFields.map {
                Finding(
                    rule: descriptor, cause: message.provider == .fcm ? refused : nil,
                    message: message.provider == .fcm
                        ? "'\($0.field)' is not a field of FCM's v1 message; FCM refuses the request"
                        : "'\($0.field)' is not a field of \(name)'s message; nothing of it reaches the device",
                    file: payload.file, keyPath: $0.keyPath, suggestion: $0.suggestion)
            }
        }
    }
}
