import Foundation

extension Rules {
    /// An APNs request header APNs refuses: an unknown push type, a priority other than 10, 5 or
    /// 1, a collapse id over 64 bytes, an apns-id that is not a UUID, an empty channel id, an
    /// expiration before 0.
    public enum RequestHeaderInvalid: PayloadRule {
        /// This rule's id (`request-header-invalid`), default severity (error), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "request-header-invalid", severity: .error, area: .payload,
            summary:
                "An APNs header APNs refuses: an unknown apns-push-type, an apns-priority other than 10, 5 or 1, an apns-collapse-id over 64 bytes, an apns-id that is not a UUID, an empty apns-channel-id, a negative apns-expiration."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            let headers = payload.headers
            var found: [(PushHeaders.CodingKeys, String, String?)] = []
            if let type = headers.pushType, PushType(rawValue: type) == nil {
                let known = PushType.allCases.map(\.rawValue)
                found.append(
                    (
                        .pushType, "'\(type)' is not an apns-push-type APNs knows (\(known.joined(separator: ", ")))",
                        Suggester.suggestion(for: type, among: known)
                    ))
            }
            if let priority = headers.priority, ![10, 5, 1].contains(priority) {
                found.append((.priority, "apns-priority \(priority): APNs takes 10, 5 or 1", nil))
            }
            if let collapse = headers.collapseID, collapse.utf8.count > 64 {
                found.append(
                    (.collapseID, "apns-collapse-id is \(collapse.utf8.count) bytes; APNs takes at most 64", nil))
            }
            if let id = headers.id, UUID(uuidString: id) == nil {
                let reason = "apns-id '\(id)' is not a UUID (8-4-4-4-12 hexadecimal digits); APNs answers BadMessageId"
                found.append((.id, reason, nil))
            }
            if let channel = headers.channelID, channel.isEmpty {
                found.append((.channelID, "apns-channel-id is empty: a broadcast push names its channel", nil))
            }
            if let expiration = headers.expiration, expiration < 0 {
                found.append((.expiration, "apns-expiration \(expiration): a UNIX time in seconds, 0 or later", nil))
            }
            return payload.placedAtMessageKeys(
                found.map { header, text, suggestion in
                    Finding(
                        rule: descriptor, message: text, file: payload.file,
                        keyPath: payload.headerOrigin(header), suggestion: suggestion)
                })
        }
    }
}
