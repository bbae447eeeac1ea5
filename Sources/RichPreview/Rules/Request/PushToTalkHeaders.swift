extension Rules {
    /// A Push to Talk push not sent as Apple asks: apns-priority 10, for delivery at once, and
    /// apns-expiration 0, so that a push that cannot be delivered now is never delivered late.
    public enum PushToTalkHeaders: PayloadRule {
        /// This rule's id (`push-to-talk-headers`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "push-to-talk-headers", severity: .warning, area: .payload,
            summary:
                "A pushtotalk push without apns-priority 10 and apns-expiration 0, which Apple's Push to Talk guide asks for: a late push announces a speaker who has stopped talking."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            let headers = payload.headers
            let isPushToTalk =
                headers.pushType?.lowercased() == PushType.pushtotalk.rawValue
                || headers.topic?.hasSuffix(PushType.pushtotalk.topicSuffix ?? "") == true
            guard isPushToTalk, payload.readFailure == nil else { return [] }
            var findings: [Finding] = []
            if let priority = headers.priority, priority != 10 {
                findings.append(
                    Finding(
                        rule: descriptor,
                        message:
                            "a pushtotalk push at apns-priority \(priority): Push to Talk pushes are sent at 10, to be delivered at once",
                        file: payload.file, keyPath: payload.headerOrigin(.priority), suggestion: "10"))
            }
            if headers.expiration != 0 {
                let given = headers.expiration.map { "apns-expiration \($0)" } ?? "no apns-expiration"
                findings.append(
                    Finding(
                        rule: descriptor,
                        message:
                            "a pushtotalk push with \(given): send it with 0, so that APNs delivers it now or never, not minutes later when the speaker has stopped",
                        file: payload.file,
                        keyPath: payload.headerOrigin(.expiration) ?? payload.headerOrigin(.pushType)
                            ?? payload.headerOrigin(.topic), suggestion: "0"))
            }
            return payload.placedAtMessageKeys(findings)
        }
    }
}
