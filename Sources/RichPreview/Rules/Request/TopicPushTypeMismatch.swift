extension Rules {
    /// An apns-topic that is not the app's bundle id with the push type's suffix: APNs refuses the
    /// request (`.voip` for VoIP, `.push-type.liveactivity` for Live Activities, none for alerts).
    public enum TopicPushTypeMismatch: PayloadRule {
        /// This rule's id (`topic-push-type-mismatch`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "topic-push-type-mismatch", severity: .error, area: .payload,
            summary:
                "An apns-topic whose suffix does not match apns-push-type (.voip, .push-type.liveactivity, .complication, …; none for alert and background), or that is not the app's bundle id when it is known."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let topic = payload.headers.topic,
                let type = payload.pushType ?? payload.headers.pushType.flatMap(PushType.init(rawValue:)),
                let suffix = type.topicSuffix
            else { return [] }
            let expectedTopic = payload.bundleID.map { $0 + suffix }
            let matches =
                expectedTopic.map { topic == $0 }
                ?? (suffix.isEmpty ? PushType.named(byTopic: topic) == .alert : topic.hasSuffix(suffix))
            guard !matches else { return [] }
            let wanted =
                expectedTopic.map { "'\($0)'" }
                ?? (suffix.isEmpty ? "the bare bundle id" : "the bundle id followed by '\(suffix)'")
            return payload.placedAtMessageKeys([
                Finding(
                    rule: descriptor,
                    message:
                        "apns-topic '\(topic)' does not fit apns-push-type \(type.rawValue): its topic is \(wanted)",
                    file: payload.file, keyPath: payload.headerOrigin(.topic), suggestion: expectedTopic)
            ])
        }
    }
}
