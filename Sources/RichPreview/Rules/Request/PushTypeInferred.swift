extension Rules {
    /// A payload sent with no apns-push-type whose keys make it a Live Activity or widget push,
    /// for which APNs needs the header and the topic's suffix: the type it was checked as, and the
    /// header to send. (A silent push without one is common and delivered: no note.)
    public enum PushTypeInferred: PayloadRule {
        /// This rule's id (`push-type-inferred`), default severity (note), area (payload) and summary.
        public static let descriptor = RuleDescriptor(
            id: "push-type-inferred", severity: .note, area: .payload,
            summary:
                "No apns-push-type given for a payload whose keys make it a Live Activity or widget push: it is checked as that type, and APNs needs the header and the topic's suffix to deliver it."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard payload.pushType == nil, payload.headers.pushType == nil, payload.readFailure == nil,
                let apnsPayload = payload.payload
            else { return [] }
            let inferred = PushType.inferred(from: apnsPayload)
            let because: String
            let keyPath: String
            switch inferred {
            case .liveactivity:
                because = "its Live Activity keys"
                keyPath = apnsPayload.aps?.event != nil ? "aps.event" : "aps.content-state"
            case .widgets:
                because = "aps.content-changed"
                keyPath = "aps.content-changed"
            default:
                return []
            }
            return payload.placedAtMessageKeys([
                Finding(
                    rule: descriptor,
                    message:
                        "no apns-push-type given: checked as a \(inferred.rawValue) push from \(because); send it with apns-push-type: \(inferred.rawValue) and a topic ending in \(inferred.topicSuffix ?? "")",
                    file: payload.file, keyPath: keyPath, suggestion: inferred.rawValue)
            ])
        }
    }
}
