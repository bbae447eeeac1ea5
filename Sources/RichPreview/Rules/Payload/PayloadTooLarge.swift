extension Rules {
    /// A payload over APNs' limit: 4096 bytes, 5120 for VoIP (APNs answers PayloadTooLarge).
    public enum PayloadTooLarge: PayloadRule {
        /// This rule's id (`payload-too-large`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-too-large", severity: .error, area: .payload,
            summary: "A payload over APNs' limit: 4096 bytes, 5120 for VoIP (APNs answers PayloadTooLarge).")

        static func check(_ payload: PayloadDocument) -> [Finding] {
            let pushType = payload.pushType ?? .alert
            guard payload.readFailure == .tooLargeToRead || (payload.bytes ?? 0) > payload.limit else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message: (payload.bytes.map { "payload is \($0) bytes" }
                        ?? "payload is more than \(PayloadDecoder.parseLimit) bytes (not read further)")
                        + ", over the \(payload.limit)-byte limit for \(pushType.rawValue) pushes (APNs answers PayloadTooLarge)",
                    file: payload.file)
            ]
        }
    }
}
