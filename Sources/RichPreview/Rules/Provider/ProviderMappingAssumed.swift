extension Rules {
    /// What reading a provider message had to assume: the language whose texts were taken, an
    /// expiration counted from the moment it is sent.
    public enum ProviderMappingAssumed: PayloadRule {
        /// This rule's id (`provider-mapping-assumed`), default severity (note), area (provider)
        /// and summary.
        public static let descriptor = RuleDescriptor(
            id: "provider-mapping-assumed", severity: .note, area: .provider,
            summary:
                "What reading a provider message had to assume: the language taken from several, an expiration counted from the send time."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message else { return [] }
            return payload.placedAtMessageKeys(
                message.notes.map {
                    Finding(rule: descriptor, message: $0.message, file: payload.file, keyPath: $0.keyPath)
                })
        }
    }
}
