extension Rules {
    /// A payload that does not fit the apns-push-type it is sent with.
    public enum PushTypeMismatch: PayloadRule {
        /// This rule's id (`push-type-mismatch`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "push-type-mismatch", severity: .warning, area: .payload,
            summary: "A payload that does not fit the apns-push-type it is sent with.")

        /// A payload that does not fit the push type given with it (none given: nothing to compare).
        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let pushType = payload.pushType, let aps = payload.payload?.aps else { return [] }
            let visible = aps.visibleKeys
            var reasons: [String] = []
            switch pushType {
            case .background:
                if !visible.isEmpty {
                    reasons.append("a background push must not carry \(visible.joined(separator: ", "))")
                }
                if !aps.contentAvailable { reasons.append("a background push needs content-available: 1") }
            case .alert:
                if aps.contentAvailable && visible.isEmpty {
                    reasons.append("a silent push should be sent with push type background")
                }
            case .voip:
                break
            }
            return reasons.map {
                Finding(
                    rule: descriptor, message: "\($0) (push type \(pushType.rawValue))", file: payload.file,
                    keyPath: "aps")
            }
        }
    }
}
