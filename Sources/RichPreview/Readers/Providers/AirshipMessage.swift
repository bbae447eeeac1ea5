/// Airship's push object (`{"audience": …, "notification": {...}, "device_types": …}`), mapped to
/// the APNs request Airship documents for it:
///
/// `notification.alert` becomes `aps.alert`, overridden by `notification.ios.alert`, with
/// `ios.title`/`ios.subtitle` added to it; `ios.badge`, `sound`, `content-available`,
/// `mutable_content`, `category` (or `interactive.type`), `thread_id`, `interruption_level`,
/// `relevance_score` and `target_content_id` their `aps` keys; `ios.media_attachment` the custom key
/// `com.urbanairship.media_attachment` (its `url` an array, as delivered, read by Airship's
/// service extension) with `mutable-content` set, as Airship does; `ios.extra` top-level keys;
/// `ios.expiry` (or `options.expiry`), `ios.priority` and `ios.collapse_id` the headers.
enum AirshipMessage: ProviderFormat {
    static let provider = PushProvider.airship
    static let typicalKeys: Set<String> = ["audience", "device_types", "notification"]

    static func mismatch(_ root: [String: PropertyValue]) -> String? {
        guard root["audience"] != nil else { return "an Airship push needs an 'audience'" }
        guard case .dictionary? = root["notification"] else { return "an Airship push needs a 'notification' object" }
        switch root["device_types"] {
        case .string?, .array?: return nil
        default: return "an Airship push needs 'device_types': \"all\" or a list such as [\"ios\"]"
        }
    }

    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?) {
        message.origins[""] = message.path("")
        guard let notification = message.dictionary(root["notification"], at: "notification") else { return }
        message.origins["aps"] = message.path("notification")
        if let alert = message.string(notification["alert"], at: "notification.alert") {
            message.set(["aps", "alert"], .string(alert), from: "notification.alert")
        }
        let base = "notification.ios"
        let ios = message.dictionary(notification["ios"], at: base) ?? [:]
        self.alert(ios, into: &message)
        badge(ios["badge"], into: &message)
        switch ios["sound"] {
        case .string(let name)?: message.set(["aps", "sound"], .string(name), from: "\(base).sound")
        case .dictionary(let sound)?: message.merge(.dictionary(sound), at: ["aps", "sound"], from: "\(base).sound")
        case nil, .null?: break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path("\(base).sound"),
                    reason: "expected a sound name or object, found \(other.jsonSummary)"))
        }
        message.flag(ios, "content-available", at: base, as: "content-available")
        message.flag(ios, "content_available", at: base, as: "content-available")
        message.flag(ios, "mutable_content", at: base, as: "mutable-content")
        message.strings(
            ios,
            [
                "category": ["aps", "category"], "thread_id": ["aps", "thread-id"],
                "interruption_level": ["aps", "interruption-level"], "target_content_id": ["aps", "target-content-id"],
            ], at: base)
        if let interactive = message.dictionary(ios["interactive"], at: "\(base).interactive") {
            message.strings(interactive, ["type": ["aps", "category"]], at: "\(base).interactive")
        }
        if let score = ios["relevance_score"], score != .null {
            message.set(["aps", "relevance-score"], score, from: "\(base).relevance_score")
        }
        mediaAttachment(ios["media_attachment"], into: &message)
        if let extra = message.dictionary(ios["extra"], at: "\(base).extra") {
            message.merge(.dictionary(extra), at: [], from: "\(base).extra")
        }
        headers(root, ios, into: &message)
    }

    /// `ios.alert` (a string or Apple's alert object) over the top-level alert, then `ios.title`
    /// and `ios.subtitle`, which an alert object's own title and subtitle win over.
    private static func alert(_ ios: [String: PropertyValue], into message: inout MappedMessage) {
        switch ios["alert"] {
        case .string(let text)?: message.set(["aps", "alert"], .string(text), from: "notification.ios.alert")
        case .dictionary(let alert)?:
            message.merge(.dictionary(alert), at: ["aps", "alert"], from: "notification.ios.alert")
        case nil, .null?: break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path("notification.ios.alert"),
                    reason: "expected an alert text or object, found \(other.jsonSummary)"))
        }
        for field in ["title", "subtitle"] {
            let keyPath = "notification.ios.\(field)"
            guard let text = message.string(ios[field], at: keyPath) else { continue }
            if case .string(let body)? = message.member(at: ["aps", "alert"]) {
                // The alert text becomes the body of an alert object that also has a title.
                let origin = message.origins["aps.alert"]
                message.set(["aps", "alert", "body"], .string(body), from: "notification.alert")
                message.origins["aps.alert"] = origin
                message.origins["aps.alert.body"] = origin
            }
            guard message.member(at: ["aps", "alert", field]) == nil else { continue }
            message.set(["aps", "alert", field], .string(text), from: keyPath)
        }
    }

    /// `ios.badge`: a number becomes `aps.badge`; `"auto"`, `"+N"` and `"-N"` are counted by
    /// Airship per device, said in a note.
    private static func badge(_ value: PropertyValue?, into message: inout MappedMessage) {
        let keyPath = "notification.ios.badge"
        switch value {
        case .integer(let count)?: message.set(["aps", "badge"], .integer(count), from: keyPath)
        case .string(let text)? where text == "auto" || text.hasPrefix("+") || text.hasPrefix("-"):
            message.notes.append(
                (
                    message.path(keyPath),
                    "the badge \"\(text)\" is counted by Airship for each device; no number is shown"
                ))
        case nil, .null?: break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path(keyPath),
                    reason: "Airship's badge is a number, \"auto\", \"+N\" or \"-N\", not \(other.jsonSummary)"))
        }
    }

    /// `ios.media_attachment` as `com.urbanairship.media_attachment`, its `url` an array of URLs.
    private static func mediaAttachment(_ value: PropertyValue?, into message: inout MappedMessage) {
        let base = "notification.ios.media_attachment"
        guard var attachment = message.dictionary(value, at: base) else { return }
        let key = "com.urbanairship.media_attachment"
        let urls: [String]
        switch attachment["url"] {
        case .string(let url)?: urls = [url]
        case .array(let items)?: urls = items.enumerated().compactMap { message.string($1, at: "\(base).url[\($0)]") }
        default:
            message.problems.append(.init(keyPath: message.path(base), reason: "a media_attachment needs a 'url'"))
            return
        }
        attachment["url"] = .array(urls.map(PropertyValue.string))
        message.merge(.dictionary(attachment), at: [key], from: base)
        for (index, url) in urls.enumerated() { message.noteImage(url, at: "\(key).url[\(index)]") }
        message.mutableContentSetByProvider(from: base)
    }

    /// `ios.expiry` (else `options.expiry`): an ISO time, or seconds from the send time (0: now
    /// or never); `ios.priority` (10 or 5) and `ios.collapse_id`.
    private static func headers(
        _ root: [String: PropertyValue], _ ios: [String: PropertyValue], into message: inout MappedMessage
    ) {
        let options = message.dictionary(root["options"], at: "options") ?? [:]
        let (expiry, keyPath) =
            ios["expiry"] != nil ? (ios["expiry"], "notification.ios.expiry") : (options["expiry"], "options.expiry")
        switch expiry {
        case .integer(0)?: message.header(.expiration, .integer(0), from: keyPath)
        case .integer(let seconds)?:
            message.notes.append(
                (message.path(keyPath), "apns-expiration is the send time plus \(seconds) seconds (expiry)"))
        case .string?: message.expiration(iso: expiry, at: keyPath)
        case nil, .null?: break
        case let other?:
            message.problems.append(
                .init(
                    keyPath: message.path(keyPath),
                    reason: "expected seconds or an ISO 8601 time, found \(other.jsonSummary)"))
        }
        message.priority(
            ios["priority"], at: "notification.ios.priority", allowed: { $0 == 10 || $0 == 5 },
            expected: "Airship's iOS priority is 10 or 5")
        message.header(.collapseID, ios["collapse_id"], from: "notification.ios.collapse_id")
    }
}
