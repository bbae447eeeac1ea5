/// OneSignal's create-notification body, mapped to the APNs request OneSignal documents for it (its
/// original payload format, the one its iOS SDK reads under `custom`):
///
/// `headings`, `contents` and `subtitle` (one text per language) become `aps.alert`;
/// `ios_attachments` the custom key `att` (what OneSignal's service-extension handler downloads),
/// with `mutable-content` set, as OneSignal always does; `ios_sound`, `ios_category`, `thread_id`,
/// `ios_interruption_level`, `ios_relevance_score`, `mutable_content` and `content_available` their
/// `aps` keys; `ios_badgeType`/`ios_badgeCount` the badge; `buttons` the custom key `buttons`;
/// `data` `custom.a`; `collapse_id`, `priority` and `apns_push_type_override` the headers.
/// `big_picture` is Android's image.
enum OneSignalMessage: ProviderFormat {
    static let provider = PushProvider.onesignal
    static let typicalKeys: Set<String> = [
        "app_id", "contents", "headings", "include_player_ids", "include_subscription_ids", "include_aliases",
        "included_segments", "ios_attachments", "ios_badgeType", "big_picture",
    ]

    /// The keys that say who receives a notification; OneSignal refuses a body with none.
    static let targetKeys: Set<String> = [
        "include_subscription_ids", "include_player_ids", "include_aliases", "included_segments",
        "include_external_user_ids", "filters", "include_ios_tokens",
    ]

    /// The keys that give a notification its content.
    static let contentKeys: Set<String> = ["contents", "headings", "template_id", "content_available"]

    static func mismatch(_ root: [String: PropertyValue]) -> String? {
        guard case .string? = root["app_id"] else { return "a OneSignal body needs 'app_id', the app's id" }
        guard root.keys.contains(where: contentKeys.contains) else {
            return "a OneSignal body needs 'contents', 'headings', 'template_id' or 'content_available'"
        }
        for field in ["contents", "headings"] where root[field] != nil && root[field]?.dictionary == nil {
            return "OneSignal's '\(field)' is a language map such as {\"en\": \"…\"}"
        }
        guard root.keys.contains(where: targetKeys.contains) else {
            return
                "a OneSignal body needs a target: 'include_subscription_ids', 'include_aliases', 'included_segments', …"
        }
        return nil
    }

    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?) {
        message.origins[""] = message.path("")
        for (field, key) in [("headings", "title"), ("contents", "body"), ("subtitle", "subtitle")] {
            guard let texts = message.dictionary(root[field], at: field),
                let chosen = self.language(texts, wanted: language, field: field, into: &message)
            else { continue }
            let keyPath = "\(field).\(chosen)"
            guard let text = message.string(texts[chosen], at: keyPath) else { continue }
            message.set(["aps", "alert", key], .string(text), from: keyPath)
        }
        message.strings(
            root,
            [
                "ios_sound": ["aps", "sound"], "ios_category": ["aps", "category"], "thread_id": ["aps", "thread-id"],
                "ios_interruption_level": ["aps", "interruption-level"],
            ], at: "")
        if let score = root["ios_relevance_score"], score != .null {
            message.set(["aps", "relevance-score"], score, from: "ios_relevance_score")
        }
        message.flag(root, "mutable_content", at: "", as: "mutable-content")
        message.flag(root, "content_available", at: "", as: "content-available")
        badge(root, into: &message)
        attachments(root["ios_attachments"], into: &message)
        buttons(root["buttons"], into: &message)
        if let data = message.dictionary(root["data"], at: "data") {
            message.merge(.dictionary(data), at: ["custom", "a"], from: "data")
        }
        if let picture = message.string(root["big_picture"], at: "big_picture") {
            message.androidImages.append(.init(keyPath: message.path("big_picture"), url: picture))
        }
        message.header(.collapseID, root["collapse_id"], from: "collapse_id")
        message.header(.pushType, root["apns_push_type_override"], from: "apns_push_type_override")
        if let priority = message.integer(root["priority"], at: "priority") {
            // OneSignal: 10 is high, any other number normal; APNs' normal is 5.
            message.header(.priority, .integer(priority == 10 ? 10 : 5), from: "priority")
        }
        if let seconds = message.integer(root["ttl"], at: "ttl") {
            message.notes.append(
                (message.path("ttl"), "apns-expiration is the send time plus \(seconds) seconds (ttl)"))
        }
    }

    /// The language whose text is taken from `texts`: `wanted` when given and present, else
    /// English when present, else the first in sorted order, said in a note when there was a choice.
    private static func language(
        _ texts: [String: PropertyValue], wanted: String?, field: String, into message: inout MappedMessage
    ) -> String? {
        if let wanted, texts[wanted] != nil { return wanted }
        guard let chosen = texts["en"] != nil ? "en" : texts.keys.sorted().first else { return nil }
        if let wanted {
            message.notes.append(
                (message.path(field), "\(field) has no '\(wanted)' text; the '\(chosen)' text was taken"))
        } else if texts.count > 1 {
            message.notes.append(
                (
                    message.path(field),
                    "\(field) has \(texts.count) languages; the '\(chosen)' text was taken (pass a language to pick another)"
                ))
        }
        return chosen
    }

    /// `ios_badgeType`: `SetTo` puts `ios_badgeCount` in `aps.badge`; `Increase` is sent as
    /// `custom.badge_inc`, which OneSignal's SDK adds to the badge.
    private static func badge(_ root: [String: PropertyValue], into message: inout MappedMessage) {
        let count = message.integer(root["ios_badgeCount"], at: "ios_badgeCount")
        switch message.string(root["ios_badgeType"], at: "ios_badgeType") {
        case "SetTo"?:
            guard let count else { return }
            message.set(["aps", "badge"], .integer(count), from: "ios_badgeCount")
        case "Increase"?:
            guard let count else { return }
            message.set(["custom", "badge_inc"], .integer(count), from: "ios_badgeCount")
            message.notes.append(
                (
                    message.path("ios_badgeType"),
                    "an Increase badge is sent as custom.badge_inc, added by OneSignal's SDK to the badge it counts"
                ))
        case "None"?, nil:
            break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path("ios_badgeType"),
                    reason: "OneSignal's ios_badgeType is \"None\", \"SetTo\" or \"Increase\", not \"\(other)\""))
        }
    }

    /// `ios_attachments` (`{"id": "https://…"}`) as the custom key `att`, each URL an image for
    /// OneSignal's handler; OneSignal always sets `mutable-content`.
    private static func attachments(_ value: PropertyValue?, into message: inout MappedMessage) {
        guard let attachments = message.dictionary(value, at: "ios_attachments"), !attachments.isEmpty else {
            return
        }
        for (id, url) in attachments.sorted(by: { $0.key < $1.key }) {
            let keyPath = "ios_attachments.\(id)"
            guard let url = message.string(url, at: keyPath) else { continue }
            message.image(url, at: ["att", id], from: keyPath)
        }
        message.mutableContentSetByProvider(from: "ios_attachments")
    }

    /// `buttons` (`[{"id", "text", "icon"}]`) as the custom key `buttons` the SDK reads, each
    /// `{"i": id, "n": text}`; the SDK registers a category for them itself.
    private static func buttons(_ value: PropertyValue?, into message: inout MappedMessage) {
        guard let value, value != .null else { return }
        guard case .array(let items) = value else {
            message.problems.append(
                .init(
                    keyPath: message.path("buttons"), reason: "expected an array of buttons, found \(value.jsonSummary)"
                ))
            return
        }
        var buttons: [PropertyValue] = []
        for (index, item) in items.enumerated() {
            let keyPath = "buttons[\(index)]"
            guard let fields = message.dictionary(item, at: keyPath) else { continue }
            guard let id = message.string(fields["id"], at: "\(keyPath).id"),
                let text = message.string(fields["text"], at: "\(keyPath).text")
            else {
                message.problems.append(
                    .init(keyPath: message.path(keyPath), reason: "a OneSignal button needs an 'id' and a 'text'"))
                continue
            }
            buttons.append(.dictionary(["i": .string(id), "n": .string(text)]))
        }
        message.set(["buttons"], .array(buttons), from: "buttons")
    }
}
