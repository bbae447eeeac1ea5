extension Rules {
    /// An apns-topic whose suffix names another push type than apns-push-type: APNs refuses the
    /// request (`.voip` for VoIP, `.push-type.liveactivity` for Live Activities, none for alerts).
    public enum TopicPushTypeMismatch: PayloadRule {
        /// This rule's id (`topic-push-type-mismatch`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "topic-push-type-mismatch", severity: .error, area: .payload,
            summary:
                "An apns-topic whose suffix does not match apns-push-type (.voip, .push-type.liveactivity, .complication, …; none for alert and background)."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message, let topic = message.headers.topic,
                let type = message.headers.pushType.flatMap(PushType.init(rawValue:)), let suffix = type.topicSuffix
            else { return [] }
            let matches = suffix.isEmpty ? PushType.named(byTopic: topic) == .alert : topic.hasSuffix(suffix)
            guard !matches else { return [] }
            let wanted = suffix.isEmpty ? "the bare bundle id" : "the bundle id followed by '\(suffix)'"
            return payload.placedAtMessageKeys([
                Finding(
                    rule: descriptor,
                    message:
                        "apns-topic '\(topic)' does not fit apns-push-type \(type.rawValue): its topic is \(wanted)",
                    file: payload.file, keyPath: message.headerOrigins[PushHeaders.CodingKeys.topic.rawValue])
            ])
        }
    }
}
