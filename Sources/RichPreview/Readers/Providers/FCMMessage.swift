import Foundation

/// Firebase Cloud Messaging: the HTTP v1 body (`{"message": {...}}`) and the legacy HTTP body
/// (`{"to": …, "notification": {...}, "data": {...}}`), mapped to APNs as Firebase documents it.
///
/// v1: `notification.title`/`body` become `aps.alert`, `notification.image` and
/// `apns.fcm_options.image` become `fcm_options.image` (what Firebase's service-extension helper
/// downloads), `data` becomes top-level custom keys, `apns.headers` the headers, and
/// `apns.payload` is merged over the rest. Legacy: `notification.subtitle`, `sound`, `badge`,
/// `click_action` (the category) and the `*_loc_key`/`*_loc_args` fields map into `aps`;
/// `content_available`, `mutable_content`, `priority`, `time_to_live` and `collapse_key` become
/// flags and headers. A v1 message without its `message` wrapper (the Admin SDKs' `Message`, with
/// `token`, `topic`, `condition` or `tokens` at the top) is read as v1.
enum FCMMessage: ProviderFormat {
    static let provider = PushProvider.fcm
    static let typicalKeys: Set<String> = [
        "message", "registration_ids", "notification", "content_available", "mutable_content", "collapse_key",
        "time_to_live", "validate_only",
    ]

    static func mismatch(_ root: [String: PropertyValue]) -> String? {
        if root["message"] != nil {
            guard case .dictionary(let message)? = root["message"] else {
                return "an FCM v1 body's 'message' must be an object"
            }
            guard ["token", "topic", "condition"].contains(where: { message[$0] != nil }) else {
                return "an FCM v1 message needs a target: 'token', 'topic' or 'condition'"
            }
            return nil
        }
        if isAdminMessage(root) { return nil }
        guard ["to", "registration_ids", "condition"].contains(where: { root[$0] != nil }) else {
            return
                "an FCM body needs a 'message' object (HTTP v1) or a 'to', 'registration_ids' or 'condition' (legacy)"
        }
        if case .string(let to)? = root["to"], ExpoMessage.isPushToken(to) { return "'to' is an Expo push token" }
        guard case .dictionary? = root["notification"] else {
            if case .dictionary? = root["data"], root["title"] == nil, root["body"] == nil { return nil }
            return "a legacy FCM body carries a 'notification' or a 'data' object"
        }
        return nil
    }

    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?) {
        if let body = root["message"] {
            guard let fields = message.dictionary(body, at: "message") else { return }
            message.knownFields(root, ["message", "validate_only"], at: "")
            knownFields(fields, into: &message)
            mapVersion1(fields, base: "message", into: &message)
        } else if isAdminMessage(root) {
            message.fields = ("apns.fcm_options.image", "apns.payload.aps.mutable-content")
            mapVersion1(root, base: "", into: &message)
        } else {
            message.fields = ("notification.image", "mutable_content")
            mapLegacy(root, into: &message)
        }
    }

    /// The fields HTTP v1 knows in a message, its notification and its APNs part (Google's APIs
    /// refuse a request naming any other).
    private static func knownFields(_ fields: [String: PropertyValue], into message: inout MappedMessage) {
        message.knownFields(
            fields,
            [
                "token", "topic", "condition", "name", "data", "notification", "android", "webpush", "apns",
                "fcm_options",
            ],
            at: "message")
        if case .dictionary(let notification)? = fields["notification"] {
            message.knownFields(notification, ["title", "body", "image"], at: "message.notification")
        }
        guard case .dictionary(let apns)? = fields["apns"] else { return }
        message.knownFields(apns, ["headers", "payload", "fcm_options", "live_activity_token"], at: "message.apns")
        if case .dictionary(let options)? = apns["fcm_options"] {
            message.knownFields(options, ["analytics_label", "image"], at: "message.apns.fcm_options")
        }
    }

    /// Whether `root` is an HTTP v1 message written without its `{"message": …}` wrapper, as the
    /// Admin SDKs take it (`send`, `sendEachForMulticast` with `tokens`): a v1 target and a v1 part.
    static func isAdminMessage(_ root: [String: PropertyValue]) -> Bool {
        guard root["to"] == nil, root["registration_ids"] == nil,
            ["token", "topic", "condition", "tokens"].contains(where: { root[$0] != nil })
        else { return false }
        let version1Only = ["apns", "android", "webpush", "fcm_options", "fcmOptions"].contains {
            root[$0]?.dictionary != nil
        }
        let notification = root["notification"]?.dictionary != nil
        return version1Only || (notification && ["token", "topic", "tokens"].contains { root[$0] != nil })
    }

    /// A v1 message's fields, read under `base` (`message`, or `""` for the Admin SDKs' form,
    /// which also spells the image `imageUrl` and the APNs options `fcmOptions`).
    private static func mapVersion1(
        _ fields: [String: PropertyValue], base: String, into message: inout MappedMessage
    ) {
        func at(_ path: String) -> String { MappedMessage.join(base, path) }
        message.origins[""] = message.path(base)
        if let notification = message.dictionary(fields["notification"], at: at("notification")) {
            message.origins["aps"] = message.path(at("notification"))
            alert(notification, ["title": "title", "body": "body"], at: at("notification"), into: &message)
            let field = notification["image"] != nil || base == "message" ? "image" : "imageUrl"
            image(notification[field], at: at("notification.\(field)"), into: &message)
        }
        data(fields["data"], at: at("data"), into: &message)
        if let android = message.dictionary(fields["android"], at: at("android")),
            let notification = message.dictionary(android["notification"], at: at("android.notification"))
        {
            let field = notification["image"] != nil || base == "message" ? "image" : "imageUrl"
            if let url = message.string(notification[field], at: at("android.notification.\(field)")) {
                message.androidImages.append(
                    .init(keyPath: message.path(at("android.notification.\(field)")), url: url))
            }
        }
        // Firebase sends apns-priority 10 unless told otherwise.
        message.header(.priority, .integer(10), from: base)
        guard let apns = message.dictionary(fields["apns"], at: at("apns")) else { return }
        if let headers = message.dictionary(apns["headers"], at: at("apns.headers")) {
            message.headers(headers, from: at("apns.headers"))
        }
        if let payload = apns["payload"], message.dictionary(payload, at: at("apns.payload")) != nil {
            message.merge(payload, at: [], from: at("apns.payload"))
        }
        let optionsKey = apns["fcm_options"] != nil || base == "message" ? "fcm_options" : "fcmOptions"
        if let options = message.dictionary(apns[optionsKey], at: at("apns.\(optionsKey)")) {
            let field = options["image"] != nil || base == "message" ? "image" : "imageUrl"
            image(options[field], at: at("apns.\(optionsKey).\(field)"), into: &message)
        }
    }

    private static func mapLegacy(_ root: [String: PropertyValue], into message: inout MappedMessage) {
        if let notification = message.dictionary(root["notification"], at: "notification") {
            message.origins["aps"] = message.path("notification")
            alert(
                notification,
                [
                    "title": "title", "body": "body", "subtitle": "subtitle", "title_loc_key": "title-loc-key",
                    "body_loc_key": "loc-key",
                ], at: "notification", into: &message)
            for (field, key) in [("title_loc_args", "title-loc-args"), ("body_loc_args", "loc-args")] {
                guard let value = notification[field] else { continue }
                message.set(["aps", "alert", key], locArguments(value), from: "notification.\(field)")
            }
            if let sound = message.string(notification["sound"], at: "notification.sound") {
                message.set(["aps", "sound"], .string(sound), from: "notification.sound")
            }
            if let badge = message.integer(notification["badge"], at: "notification.badge") {
                message.set(["aps", "badge"], .integer(badge), from: "notification.badge")
            }
            if let category = message.string(notification["click_action"], at: "notification.click_action") {
                message.set(["aps", "category"], .string(category), from: "notification.click_action")
            }
            image(notification["image"], at: "notification.image", into: &message)
        }
        data(root["data"], at: "data", into: &message)
        if message.boolean(root["content_available"], at: "content_available") == true {
            message.set(["aps", "content-available"], .integer(1), from: "content_available")
        }
        if message.boolean(root["mutable_content"], at: "mutable_content") == true {
            message.set(["aps", "mutable-content"], .integer(1), from: "mutable_content")
        }
        switch message.string(root["priority"], at: "priority") {
        case "high"?: message.header(.priority, .integer(10), from: "priority")
        case "normal"?: message.header(.priority, .integer(5), from: "priority")
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path("priority"),
                    reason: "FCM's priority is \"high\" or \"normal\", not \"\(other)\""))
        case nil:
            // Firebase's default: high for a notification message, normal for data alone.
            message.header(.priority, .integer(root["notification"] == nil ? 5 : 10), from: "")
        }
        if let collapse = message.string(root["collapse_key"], at: "collapse_key") {
            message.header(.collapseID, .string(collapse), from: "collapse_key")
        }
        if let seconds = message.integer(root["time_to_live"], at: "time_to_live") {
            message.notes.append(
                (
                    message.path("time_to_live"),
                    "apns-expiration is the send time plus \(seconds) seconds (time_to_live)"
                ))
        }
    }

    /// The alert texts of `notification` under `keys` (FCM field → `aps.alert` key).
    private static func alert(
        _ notification: [String: PropertyValue], _ keys: [String: String], at origin: String,
        into message: inout MappedMessage
    ) {
        for (field, key) in keys.sorted(by: { $0.key < $1.key }) {
            guard let text = message.string(notification[field], at: "\(origin).\(field)") else { continue }
            message.set(["aps", "alert", key], .string(text), from: "\(origin).\(field)")
        }
    }

    /// The image Firebase hands to iOS: `fcm_options.image`, downloaded by its service-extension helper.
    private static func image(_ value: PropertyValue?, at origin: String, into message: inout MappedMessage) {
        guard let url = message.string(value, at: origin) else { return }
        message.image(url, at: ["fcm_options", "image"], from: origin)
    }

    /// `data`'s members as top-level custom keys; FCM takes string values only.
    private static func data(_ value: PropertyValue?, at origin: String, into message: inout MappedMessage) {
        guard let data = message.dictionary(value, at: origin) else { return }
        for (key, member) in data.sorted(by: { $0.key < $1.key }) {
            let keyPath = "\(origin).\(key)"
            guard case .string = member else {
                message.problems.append(
                    .init(
                        keyPath: message.path(keyPath),
                        reason: "FCM's data values must be strings, found \(member.jsonSummary)"))
                continue
            }
            message.set([key], member, from: keyPath)
        }
    }

    /// Legacy `*_loc_args`: an array of strings, or that array written as a JSON string.
    private static func locArguments(_ value: PropertyValue) -> PropertyValue {
        guard case .string(let text) = value, let data = text.data(using: .utf8),
            let parsed = try? JSONDecoder().decode(PropertyValue.self, from: data)
        else { return value }
        return parsed
    }
}
