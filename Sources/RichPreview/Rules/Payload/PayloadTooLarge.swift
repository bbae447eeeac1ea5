extension Rules {
    /// A payload over APNs' limit: 4096 bytes, 5120 for VoIP (APNs answers PayloadTooLarge).
    public enum PayloadTooLarge {
        /// This rule's id (`payload-too-large`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "payload-too-large", severity: .error, area: .payload,
            summary: "A payload over APNs' limit: 4096 bytes, 5120 for VoIP (APNs answers PayloadTooLarge).")

        package static func finding(file: String, bytes: Int?, readLimit: Int, limit: Int, pushType: PushType)
            -> Finding
        {
            Finding(
                rule: descriptor,
                message: (bytes.map { "payload is \($0) bytes" }
                    ?? "payload is more than \(readLimit) bytes (not read further)")
                    + ", over the \(limit)-byte limit for \(pushType.rawValue) pushes (APNs answers PayloadTooLarge)",
                file: file)
        }
    }
}
