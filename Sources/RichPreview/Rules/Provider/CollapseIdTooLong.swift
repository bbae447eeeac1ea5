extension Rules {
    /// An apns-collapse-id over 64 bytes: APNs refuses the request (BadCollapseId).
    public enum CollapseIdTooLong: PayloadRule {
        /// This rule's id (`collapse-id-too-long`), default severity (error), area (provider) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "collapse-id-too-long", severity: .error, area: .provider,
            summary:
                "An apns-collapse-id over 64 bytes, from a request file or a provider's collapse field: APNs refuses it (BadCollapseId)."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message, let id = message.headers.collapseID, id.utf8.count > 64 else {
                return []
            }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "apns-collapse-id is \(id.utf8.count) bytes; APNs takes at most 64 and refuses the push (BadCollapseId)",
                    file: payload.file, keyPath: message.headerOrigins[PushHeaders.CodingKeys.collapseID.rawValue])
            ]
        }
    }
}
