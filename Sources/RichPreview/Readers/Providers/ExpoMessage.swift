/// Expo's push service: a message object (or an array of them, each its own push), mapped to APNs
/// as Expo documents it: `title`, `subtitle` and `body` become `aps.alert`; `sound`, `badge`,
/// `categoryId`, `mutableContent`, `contentAvailable` (or the older `_contentAvailable`),
/// `interruptionLevel`, `threadId`, `targetContentId`, `relevanceScore` and `filterCriteria` their
/// `aps` keys; `data` the custom key `body` (where expo-notifications reads it), with
/// `richContent` as `body._richContent`; `collapseId`, `priority` and `expiration` the headers.
enum ExpoMessage: ProviderFormat {
    static let provider = PushProvider.expo
    static let typicalKeys: Set<String> = [
        "to", "categoryId", "mutableContent", "contentAvailable", "_contentAvailable", "richContent", "channelId",
        "ttl", "interruptionLevel", "expiration", "collapseId", "threadId",
    ]

    /// Whether `token` is an Expo push token (`ExponentPushToken[…]` or `ExpoPushToken[…]`).
    static func isPushToken(_ token: String) -> Bool {
        (token.hasPrefix("ExponentPushToken[") || token.hasPrefix("ExpoPushToken[")) && token.hasSuffix("]")
    }

    static func mismatch(_ root: [String: PropertyValue]) -> String? {
        guard let to = root["to"] else { return "an Expo message needs 'to': a push token or an array of them" }
        let tokens: [PropertyValue]
        switch to {
        case .string: tokens = [to]
        case .array(let items): tokens = items
        default: return "an Expo message's 'to' is a push token or an array of them"
        }
        let isExpoToken = tokens.contains { $0.string.map(isPushToken) ?? false }
        if !isExpoToken, case .dictionary? = root["notification"] { return "it has FCM's 'notification' object" }
        let expoKeys = typicalKeys.union(["title", "subtitle", "body", "sound", "badge", "data", "priority"])
        guard isExpoToken || root.keys.contains(where: { $0 != "to" && expoKeys.contains($0) }) else {
            return "an Expo message has 'to' and a title, body or data"
        }
        return nil
    }

    /// The fields of Expo's message format.
    static let knownFields = [
        "to", "data", "title", "subtitle", "body", "sound", "ttl", "expiration", "priority", "badge", "channelId",
        "categoryId", "mutableContent", "contentAvailable", "_contentAvailable", "interruptionLevel", "richContent",
        "icon", "tag", "collapseId", "threadId", "targetContentId", "relevanceScore", "filterCriteria",
        "_displayInForeground",
    ]

    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?) {
        message.origins[""] = message.path("")
        message.knownFields(root, knownFields, at: "")
        for (field, key) in [("title", "title"), ("subtitle", "subtitle"), ("body", "body")] {
            guard let text = message.string(root[field], at: field) else { continue }
            message.set(["aps", "alert", key], .string(text), from: field)
        }
        sound(root["sound"], into: &message)
        if let badge = message.integer(root["badge"], at: "badge") {
            message.set(["aps", "badge"], .integer(badge), from: "badge")
        }
        if let category = message.string(root["categoryId"], at: "categoryId") {
            message.set(["aps", "category"], .string(category), from: "categoryId")
        }
        if message.boolean(root["mutableContent"], at: "mutableContent") == true {
            message.set(["aps", "mutable-content"], .integer(1), from: "mutableContent")
        }
        let contentAvailable = root["contentAvailable"] != nil ? "contentAvailable" : "_contentAvailable"
        if message.boolean(root[contentAvailable], at: contentAvailable) == true {
            message.set(["aps", "content-available"], .integer(1), from: contentAvailable)
        }
        for (field, key) in [
            ("interruptionLevel", "interruption-level"), ("threadId", "thread-id"),
            ("targetContentId", "target-content-id"), ("filterCriteria", "filter-criteria"),
        ] {
            guard let text = message.string(root[field], at: field) else { continue }
            message.set(["aps", key], .string(text), from: field)
        }
        if let score = root["relevanceScore"], score != .null {
            message.set(["aps", "relevance-score"], score, from: "relevanceScore")
        }
        if let data = message.dictionary(root["data"], at: "data") {
            message.merge(.dictionary(data), at: ["body"], from: "data")
        }
        if let rich = message.dictionary(root["richContent"], at: "richContent") {
            message.merge(.dictionary(rich), at: ["body", "_richContent"], from: "richContent")
            if let url = message.string(rich["image"], at: "richContent.image") {
                message.image(url, at: ["body", "_richContent", "image"], from: "richContent.image")
            }
        }
        if let collapse = message.string(root["collapseId"], at: "collapseId") {
            message.header(.collapseID, .string(collapse), from: "collapseId")
        }
        switch message.string(root["priority"], at: "priority") {
        case "high"?, "default"?: message.header(.priority, .integer(10), from: "priority")
        case "normal"?: message.header(.priority, .integer(5), from: "priority")
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path("priority"),
                    reason: "Expo's priority is \"default\", \"normal\" or \"high\", not \"\(other)\""))
        case nil: break
        }
        if let expiration = message.integer(root["expiration"], at: "expiration") {
            message.header(.expiration, .integer(expiration), from: "expiration")
        } else if let seconds = message.integer(root["ttl"], at: "ttl") {
            message.notes.append(
                (message.path("ttl"), "apns-expiration is the send time plus \(seconds) seconds (ttl)"))
        }
    }

    /// `sound`: `"default"`, a file name, or (iOS) `{"critical": true, "name": …, "volume": …}`.
    private static func sound(_ value: PropertyValue?, into message: inout MappedMessage) {
        switch value {
        case .string(let name)?:
            message.set(["aps", "sound"], .string(name), from: "sound")
        case .dictionary(let fields)?:
            var sound: [String: PropertyValue] = [:]
            if message.boolean(fields["critical"], at: "sound.critical") == true { sound["critical"] = .integer(1) }
            if let name = message.string(fields["name"], at: "sound.name") { sound["name"] = .string(name) }
            if let volume = fields["volume"] { sound["volume"] = volume }
            message.set(["aps", "sound"], .dictionary(sound), from: "sound")
        case nil, .null?:
            break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path("sound"),
                    reason: "expected a sound name or object, found \(other.jsonSummary)"))
        }
    }
}
