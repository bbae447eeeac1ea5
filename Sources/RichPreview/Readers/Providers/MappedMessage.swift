import Foundation

/// One provider message turned into the APNs request the provider sends: the headers and the
/// payload's members, and for each of them the key path in the message it came from, so that a
/// finding about the payload points into the file the user wrote.
struct MappedMessage {
    /// A value of the message the provider would refuse or drop: of the wrong type, or missing.
    struct Problem: Hashable {
        /// Where in the message.
        var keyPath: String
        /// What is wrong, for the message of `provider-message-invalid`.
        var reason: String
    }

    /// An image the message gives that only Android (or the web) shows.
    struct AndroidImage: Hashable {
        var keyPath: String
        var url: String
    }

    var provider: PushProvider
    /// The key path of this message inside the file: `""`, or `[2]` for an element of an array.
    var prefix: String
    var headers = PushHeaders()
    /// Header name (`apns-priority`) → the key path it came from.
    var headerOrigins: [String: String] = [:]
    /// The APNs payload's top-level members.
    var members: [String: PropertyValue] = [:]
    /// APNs key path (`aps.alert.title`) → the message's key path (`message.notification.title`).
    var origins: [String: String] = [:]
    var problems: [Problem] = []
    var androidImages: [AndroidImage] = []
    /// The images the provider hands to iOS: each one's key path in the payload (what the
    /// provider's service-extension helper reads) and its URL.
    var iOSImages: [(keyPath: String, url: String)] = []

    /// Puts `url`, from the message's `origin`, where the provider's iOS helper reads its image.
    mutating func image(_ url: String, at keys: [String], from origin: String) {
        set(keys, .string(url), from: origin)
        noteImage(url, at: keys.joined(separator: "."))
    }

    /// Records `url`, already in the payload at `keyPath`, as an image the provider hands to iOS;
    /// a later one at the same key path replaces it.
    mutating func noteImage(_ url: String, at keyPath: String) {
        iOSImages.removeAll { $0.keyPath == keyPath }
        iOSImages.append((keyPath, url))
    }
    /// Where this message's form gives iOS its image and sets `mutable-content`, when not where
    /// `ProviderImageField` says for the provider (FCM's Admin SDK and legacy forms).
    var fields: (iOSImage: String?, mutableContent: String?)?

    /// The message field that gives iOS an image, in this message's form.
    var iOSImageField: String? { fields.map(\.iOSImage) ?? ProviderImageField.iOSField(provider) }

    /// The message field that sets `mutable-content: 1`, in this message's form.
    var mutableContentField: String? {
        fields.map(\.mutableContent) ?? ProviderImageField.mutableContentField(provider)
    }

    /// A field the provider's format does not have: where, and the known field it may have meant.
    struct UnknownField: Hashable {
        var keyPath: String
        var field: String
        var suggestion: String?
    }

    /// The fields of the message its provider does not know.
    var unknownFields: [UnknownField] = []

    /// Records each key of `fields` (the object at `origin`) that is not in `known`, with the
    /// field `meant` names for it (a habit from another provider) or else the nearest known one.
    mutating func knownFields(
        _ fields: [String: PropertyValue], _ known: [String], at origin: String, meant: [String: String] = [:]
    ) {
        for field in fields.keys.sorted() where !known.contains(field) {
            let suggestion = meant[field] ?? Suggester.suggestion(for: field, among: known)
            unknownFields.append(
                UnknownField(
                    keyPath: path(Self.join(origin, field)), field: field,
                    suggestion: suggestion.map { path(Self.join(origin, $0)) }))
        }
    }

    /// What the mapping chose where the message leaves it open (a language), at a key path.
    var notes: [(keyPath: String, message: String)] = []

    init(provider: PushProvider, prefix: String) {
        self.provider = provider
        self.prefix = prefix
    }

    /// `path` inside this message: `message.notification.title`, or `[2].title` in an array.
    func path(_ path: String) -> String {
        prefix.isEmpty ? path : path.isEmpty ? prefix : "\(prefix).\(path)"
    }

    // MARK: Reading the message

    /// `value` as a string; a value of another type is a problem at `keyPath` and reads as nil.
    mutating func string(_ value: PropertyValue?, at keyPath: String) -> String? {
        guard let value, value != .null else { return nil }
        if case .string(let text) = value { return text }
        problems.append(Problem(keyPath: path(keyPath), reason: "expected a string, found \(value.jsonSummary)"))
        return nil
    }

    /// `value` as a dictionary; another type is a problem at `keyPath` and reads as nil.
    mutating func dictionary(_ value: PropertyValue?, at keyPath: String) -> [String: PropertyValue]? {
        guard let value, value != .null else { return nil }
        if case .dictionary(let members) = value { return members }
        problems.append(Problem(keyPath: path(keyPath), reason: "expected an object, found \(value.jsonSummary)"))
        return nil
    }

    /// `value` as a whole number, also written as a string of digits (as header values are);
    /// anything else is a problem at `keyPath` and reads as nil.
    mutating func integer(_ value: PropertyValue?, at keyPath: String) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .integer(let number)?: return number
        case .string(let text)?:
            if let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number }
        default: break
        }
        problems.append(
            Problem(keyPath: path(keyPath), reason: "expected a whole number, found \(value?.jsonSummary ?? "nothing")")
        )
        return nil
    }

    /// `value` as a boolean, also written 1 or 0; anything else is a problem and reads as nil.
    mutating func boolean(_ value: PropertyValue?, at keyPath: String) -> Bool? {
        switch value {
        case nil, .null?: return nil
        case .boolean(let flag)?: return flag
        case .integer(let number)? where number == 0 || number == 1: return number == 1
        default:
            problems.append(
                Problem(keyPath: path(keyPath), reason: "expected true or false, found \(value?.jsonSummary ?? "")"))
            return nil
        }
    }

    /// Each string field of `fields` named in `keys` put at its payload key path (`"title"` →
    /// `["aps", "alert", "title"]`), the fields read under `origin`.
    mutating func strings(
        _ fields: [String: PropertyValue], _ keys: KeyValuePairs<String, [String]>, at origin: String
    ) {
        for (field, apnsKeys) in keys {
            let keyPath = Self.join(origin, field)
            guard let text = string(fields[field], at: keyPath) else { continue }
            set(apnsKeys, .string(text), from: keyPath)
        }
    }

    /// `aps.<key>: 1` when the boolean field `field` of `fields` (under `origin`) is true.
    mutating func flag(_ fields: [String: PropertyValue], _ field: String, at origin: String, as key: String) {
        let keyPath = Self.join(origin, field)
        if boolean(fields[field], at: keyPath) == true { set(["aps", key], .integer(1), from: keyPath) }
    }

    /// `aps.mutable-content: 1` set by the provider itself (it does so for every message with an
    /// image), its origin the image's field unless the message also sets it.
    mutating func mutableContentSetByProvider(from origin: String) {
        guard member(at: ["aps", "mutable-content"]) == nil else { return }
        set(["aps", "mutable-content"], .integer(1), from: origin)
    }

    /// An ISO 8601 time (`2026-12-06T10:00:00Z`, with or without fractions or an offset) as the
    /// `apns-expiration` it becomes; another value is a problem at `keyPath`.
    mutating func expiration(iso value: PropertyValue?, at keyPath: String) {
        guard let text = string(value, at: keyPath) else { return }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions.insert(.withFractionalSeconds)
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else {
            problems.append(
                Problem(keyPath: path(keyPath), reason: "expected an ISO 8601 time such as 2026-12-06T10:00:00Z"))
            return
        }
        header(.expiration, .integer(Int(date.timeIntervalSince1970)), from: keyPath)
    }

    // MARK: Building the request

    /// Sets the payload's value at `keys` (`["aps", "alert", "title"]`), which came from the
    /// message's `origin`; containers on the way are made, their origin the nearest given.
    mutating func set(_ keys: [String], _ value: PropertyValue, from origin: String) {
        guard let first = keys.first else { return }
        members[first] = Self.setting(members[first], Array(keys.dropFirst()), value)
        let full = path(origin)
        for depth in 1...keys.count {
            let apnsPath = keys.prefix(depth).joined(separator: ".")
            if depth == keys.count || origins[apnsPath] == nil { origins[apnsPath] = full }
        }
    }

    /// Merges `value` into the payload at `keys`: dictionaries member by member (the message's
    /// value wins), every nested key's origin under `origin`.
    mutating func merge(_ value: PropertyValue, at keys: [String], from origin: String) {
        guard case .dictionary(let incoming) = value else {
            set(keys, value, from: origin)
            return
        }
        if keys.isEmpty {
            for (key, member) in incoming { merge(member, at: [key], from: Self.join(origin, key)) }
            return
        }
        if case .dictionary? = member(at: keys) {
            let apnsPath = keys.joined(separator: ".")
            if origins[apnsPath] == nil { origins[apnsPath] = path(origin) }
            for (key, member) in incoming { merge(member, at: keys + [key], from: Self.join(origin, key)) }
        } else {
            set(keys, .dictionary([:]), from: origin)
            for (key, member) in incoming { merge(member, at: keys + [key], from: Self.join(origin, key)) }
        }
    }

    /// The payload's value at `keys`, if any.
    func member(at keys: [String]) -> PropertyValue? {
        var current: PropertyValue? = .dictionary(members)
        for key in keys { current = current?.dictionary?[key] }
        return current
    }

    /// Sets header `name` to `value` (a string or a whole number, as providers write them), from
    /// the message's `origin`.
    mutating func header(_ name: PushHeaders.CodingKeys, _ value: PropertyValue?, from origin: String) {
        guard let value, value != .null else { return }
        switch name {
        case .priority, .expiration:
            guard let number = integer(value, at: origin) else { return }
            if name == .priority { headers.priority = number } else { headers.expiration = number }
        case .pushType, .topic, .collapseID, .id, .channelID:
            guard let text = string(value, at: origin) else { return }
            switch name {
            case .pushType: headers.pushType = text
            case .topic: headers.topic = text
            case .id: headers.id = text
            case .channelID: headers.channelID = text
            default: headers.collapseID = text
            }
        }
        headerOrigins[name.rawValue] = path(origin)
    }

    /// `apns-priority` from the whole number at `keyPath` when `allowed` takes it; another number
    /// is a problem, `expected` saying which the provider takes.
    mutating func priority(
        _ value: PropertyValue?, at keyPath: String, allowed: (Int) -> Bool, expected: String
    ) {
        guard let priority = integer(value, at: keyPath) else { return }
        guard allowed(priority) else {
            problems.append(Problem(keyPath: path(keyPath), reason: "\(expected), not \(priority)"))
            return
        }
        header(.priority, .integer(priority), from: keyPath)
    }

    /// Reads every `apns-…` header of `headers` (written as a JSON object of strings, as APNs
    /// request files and FCM's `apns.headers` do), at `origin`; other names are problems.
    mutating func headers(_ headers: [String: PropertyValue], from origin: String) {
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let keyPath = Self.join(origin, name)
            guard let header = PushHeaders.CodingKeys(rawValue: name.lowercased()) else {
                // The HTTP/2 request's own headers ride along in request files; APNs reads the token
                // from authorization and ignores content-type.
                if !["authorization", "content-type"].contains(name.lowercased()) {
                    let known = PushHeaders.CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")
                    problems.append(
                        Problem(keyPath: path(keyPath), reason: "'\(name)' is not an APNs request header (\(known))"))
                }
                continue
            }
            self.header(header, value, from: keyPath)
        }
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func setting(_ container: PropertyValue?, _ keys: [String], _ value: PropertyValue)
        -> PropertyValue
    {
        guard let first = keys.first else { return value }
        var members = container?.dictionary ?? [:]
        members[first] = setting(members[first], Array(keys.dropFirst()), value)
        return .dictionary(members)
    }
}
