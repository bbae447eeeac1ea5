/// Braze's messaging body (`{"messages": {"apple_push": {...}}, …}`, as `/messages/send` and the
/// trigger endpoints take it) or an `apple_push` object alone (`{"apple_push": {...}}`), mapped to
/// the APNs request Braze documents for it:
///
/// `alert` (a string or Braze's alert object, its keys written with hyphens) becomes `aps.alert`;
/// `badge`, `sound`, `category`, `content-available`, `mutable_content`, `interruption_level`,
/// `relevance_score` and `notification_group_thread_id` their `aps` keys; `extra` top-level keys
/// (never `ab` or `aps`, which Braze refuses); `asset_url` and `asset_file_type` `ab.att.url` and
/// `ab.att.type` (what Braze's service extension downloads and names), with `mutable-content` set,
/// as Braze does; `expiry`, `apns_priority` and `collapse_id` the headers.
enum BrazeMessage: ProviderFormat {
    static let provider = PushProvider.braze
    static let typicalKeys: Set<String> = ["apple_push", "external_user_ids", "user_aliases", "segment_id"]

    /// The keys of Braze's `messages` object, one per channel: a bare `apple_push` may sit beside them.
    static let channelKeys: Set<String> = [
        "apple_push", "android_push", "kindle_push", "web_push", "windows_phone8_push", "windows_universal_push",
        "email", "sms", "webhook", "content_card", "whats_app", "line",
    ]

    /// The fields of Braze's `apple_push` object.
    static let knownFields = [
        "badge", "alert", "sound", "extra", "content-available", "interruption_level", "relevance_score", "expiry",
        "custom_uri", "use_webview", "message_variation_id", "notification_group_thread_id", "asset_url",
        "asset_file_type", "collapse_id", "mutable_content", "send_to_most_recent_device_only", "category", "buttons",
        "apns_priority",
    ]

    /// The file types Braze takes in `asset_file_type`.
    static let assetFileTypes: Set<String> = ["aif", "gif", "jpg", "m4a", "mp3", "mp4", "png", "wav"]

    /// The key path of the `apple_push` object in `root`, when it has one where Braze reads it.
    static func applePushPath(_ root: [String: PropertyValue]) -> String? {
        if case .dictionary(let messages)? = root["messages"], case .dictionary? = messages["apple_push"] {
            return "messages.apple_push"
        }
        if case .dictionary? = root["apple_push"], Set(root.keys).isSubset(of: channelKeys) { return "apple_push" }
        return nil
    }

    static func mismatch(_ root: [String: PropertyValue]) -> String? {
        guard applePushPath(root) == nil else { return nil }
        if root["apple_push"] != nil {
            return "a Braze 'apple_push' object stands alone or beside other channels' objects, inside 'messages'"
        }
        return "a Braze body needs 'messages' with an 'apple_push' object"
    }

    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?) {
        guard let base = applePushPath(root) else { return }
        let container = base == "apple_push" ? root : root["messages"]?.dictionary
        guard let push = container?["apple_push"]?.dictionary else { return }
        message.origins[""] = message.path(base)
        message.origins["aps"] = message.path(base)
        message.knownFields(push, knownFields, at: base, meant: ["custom": "extra", "data": "extra"])
        alert(push["alert"], at: "\(base).alert", into: &message)
        if let badge = message.integer(push["badge"], at: "\(base).badge") {
            message.set(["aps", "badge"], .integer(badge), from: "\(base).badge")
        }
        message.strings(
            push,
            [
                "sound": ["aps", "sound"], "category": ["aps", "category"],
                "interruption_level": ["aps", "interruption-level"],
                "notification_group_thread_id": ["aps", "thread-id"],
            ], at: base)
        if let score = push["relevance_score"], score != .null {
            message.set(["aps", "relevance-score"], score, from: "\(base).relevance_score")
        }
        message.flag(push, "content-available", at: base, as: "content-available")
        message.flag(push, "mutable_content", at: base, as: "mutable-content")
        extra(push["extra"], at: "\(base).extra", into: &message)
        asset(push, at: base, into: &message)
        message.expiration(iso: push["expiry"], at: "\(base).expiry")
        message.priority(
            push["apns_priority"], at: "\(base).apns_priority", allowed: { (1...10).contains($0) },
            expected: "Braze's apns_priority is a number from 1 to 10")
        message.header(.collapseID, push["collapse_id"], from: "\(base).collapse_id")
    }

    /// Braze's alert: a string, or its alert object whose underscored keys become Apple's
    /// hyphenated ones (`title_loc_key` → `title-loc-key`, `loc_key` → `loc-key`).
    private static func alert(_ value: PropertyValue?, at keyPath: String, into message: inout MappedMessage) {
        switch value {
        case .string(let text)?: message.set(["aps", "alert"], .string(text), from: keyPath)
        case .dictionary(let fields)?:
            message.strings(
                fields,
                [
                    "title": ["aps", "alert", "title"], "body": ["aps", "alert", "body"],
                    "title_loc_key": ["aps", "alert", "title-loc-key"],
                    "action_loc_key": ["aps", "alert", "action-loc-key"], "loc_key": ["aps", "alert", "loc-key"],
                    "sound": ["aps", "sound"],
                ], at: keyPath)
            for (field, key) in [("title_loc_args", "title-loc-args"), ("loc_args", "loc-args")] {
                guard let arguments = fields[field], arguments != .null else { continue }
                message.set(["aps", "alert", key], arguments, from: "\(keyPath).\(field)")
            }
        case nil, .null?: break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path(keyPath),
                    reason: "expected an alert text or object, found \(other.jsonSummary)"))
        }
    }

    /// `extra`'s members as top-level custom keys; Braze refuses a message whose `extra` has `ab` or `aps`.
    private static func extra(_ value: PropertyValue?, at keyPath: String, into message: inout MappedMessage) {
        guard let extra = message.dictionary(value, at: keyPath) else { return }
        for (key, member) in extra.sorted(by: { $0.key < $1.key }) {
            guard key != "ab" && key != "aps" else {
                message.problems.append(
                    .init(
                        keyPath: message.path("\(keyPath).\(key)"),
                        reason: "Braze refuses a message whose extra has the key '\(key)'"))
                continue
            }
            message.merge(member, at: [key], from: "\(keyPath).\(key)")
        }
    }

    /// `asset_url` as `ab.att.url` and `asset_file_type` (required with it) as `ab.att.type`;
    /// Braze sets `mutable-content` for such a rich notification.
    private static func asset(_ push: [String: PropertyValue], at base: String, into message: inout MappedMessage) {
        guard let url = message.string(push["asset_url"], at: "\(base).asset_url") else { return }
        message.image(url, at: ["ab", "att", "url"], from: "\(base).asset_url")
        if let type = message.string(push["asset_file_type"], at: "\(base).asset_file_type") {
            message.set(["ab", "att", "type"], .string(type), from: "\(base).asset_file_type")
        } else if push["asset_file_type"] == nil || push["asset_file_type"] == .null {
            message.problems.append(
                .init(
                    keyPath: message.path("\(base).asset_url"),
                    reason:
                        "Braze needs 'asset_file_type' with 'asset_url' (one of \(assetFileTypes.sorted().joined(separator: ", ")))"
                ))
        }
        message.mutableContentSetByProvider(from: "\(base).asset_url")
    }
}
