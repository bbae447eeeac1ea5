import Foundation

/// How one provider's message format becomes APNs requests: one file per provider under
/// `Readers/Providers/`, listed in `ProviderFormats.all`.
protocol ProviderFormat: Sendable {
    /// The provider this format is.
    static var provider: PushProvider { get }
    /// Top-level keys its messages use, for naming the nearest provider when a body matches none.
    static var typicalKeys: Set<String> { get }
    /// Whether `root`, a message's top-level object, is this provider's; nil when it is, else
    /// why not ("it has no `message` object").
    static func mismatch(_ root: [String: PropertyValue]) -> String?
    /// The APNs requests `root` becomes (an array of messages is split before, one object each),
    /// with `language` picking among per-language texts (nil: the first, said in a note).
    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?)
}

/// Every provider format richpreview reads, tried in this order.
enum ProviderFormats {
    static let all: [any ProviderFormat.Type] = [
        APNsRequestFile.self, FCMMessage.self, ExpoMessage.self, OneSignalMessage.self, AirshipMessage.self,
        BrazeMessage.self,
    ]

    /// Keys one of whose quoted names every provider message holds: a file with none of them is no
    /// message, without parsing it.
    static let markers = ["\"message\"", "\"to\"", "\"app_id\"", "\"audience\"", "\"apple_push\"", "\"payload\""]
        .map { Array($0.utf8) }

    /// Whether `data` may be a provider message: it holds one of `markers`, found in one pass that
    /// looks past each quote.
    static func mayBeMessage(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            let quote = UInt8(ascii: "\"")
            var index = 0
            while index < bytes.count {
                if bytes[index] == quote {
                    for marker in markers where index + marker.count <= bytes.count {
                        var matched = true
                        for offset in 1..<marker.count where bytes[index + offset] != marker[offset] {
                            matched = false
                            break
                        }
                        if matched { return true }
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// Every top-level key some format's messages may have: a JSON object with none of them is
    /// no message, without reading it as one.
    static let topLevelKeys: Set<String> = all.reduce(
        [
            "message", "messages", "to", "app_id", "audience", "apple_push", "headers", "payload", "token", "tokens",
            "topic", "condition", "registration_ids", "notification",
        ]
    ) { $0.union($1.typicalKeys) }

    /// Whether `data` is JSON in some provider's message format (not a payload written as such).
    static func isMessage(_ data: Data) -> Bool {
        guard mayBeMessage(data), let json = try? PayloadJSON.read(data) else { return false }
        if case .messages = recognise(json.value, forced: nil, language: nil) { return true }
        return false
    }

    /// The format of `provider`; nil for `.apns`, which is read as a payload.
    static func format(of provider: PushProvider) -> (any ProviderFormat.Type)? {
        all.first { $0.provider == provider }
    }

    /// What a document's top-level value is: a raw payload, one or more provider messages, or
    /// neither (an error naming the nearest format).
    enum Recognition {
        case payload
        case messages([MappedMessage])
        case mismatch(nearest: PushProvider, reason: String)
    }

    /// Reads `value` as `forced`'s format, or (nil) as whichever format's shape it has: an object
    /// with `aps` is a payload; an array is read element by element (Expo's form).
    static func recognise(_ value: PropertyValue, forced: PushProvider?, language: String?) -> Recognition {
        if forced == .apns { return .payload }
        switch value {
        case .array(let elements):
            let addressed = elements.contains { $0.dictionary?["to"] != nil }
            if forced == nil && !addressed { return .payload }
            let formats = forced.flatMap(format(of:)).map { [$0] } ?? all
            guard let format = formats.first(where: { $0.provider == .expo }) else {
                return .mismatch(
                    nearest: forced ?? .expo, reason: "an array of messages is Expo's form only")
            }
            var messages: [MappedMessage] = []
            for (index, element) in elements.enumerated() {
                var message = MappedMessage(provider: format.provider, prefix: "[\(index)]")
                guard case .dictionary(let root) = element else {
                    message.problems.append(
                        .init(keyPath: "[\(index)]", reason: "expected a message object, found \(element.jsonSummary)"))
                    messages.append(message)
                    continue
                }
                if let reason = format.mismatch(root) {
                    return .mismatch(nearest: format.provider, reason: "element \(index): \(reason)")
                }
                format.map(root, into: &message, language: language)
                messages.append(message)
            }
            guard !messages.isEmpty else { return .mismatch(nearest: format.provider, reason: "an empty array") }
            return .messages(messages)
        case .dictionary(let root):
            if let forced {
                guard let format = format(of: forced) else { return .payload }
                if let reason = format.mismatch(root) { return .mismatch(nearest: forced, reason: reason) }
                var message = MappedMessage(provider: forced, prefix: "")
                format.map(root, into: &message, language: language)
                return .messages([message])
            }
            if root.keys.contains(where: { $0.lowercased() == "aps" }) { return .payload }
            if let format = all.first(where: { $0.mismatch(root) == nil }) {
                var message = MappedMessage(provider: format.provider, prefix: "")
                format.map(root, into: &message, language: language)
                return .messages([message])
            }
            let keys = Set(root.keys)
            let scored = all.map { ($0, $0.typicalKeys.intersection(keys).count) }
            guard let (nearest, score) = scored.max(by: { $0.1 < $1.1 }), score > 0 else { return .payload }
            return .mismatch(
                nearest: nearest.provider,
                reason: nearest.mismatch(root) ?? "not a \(nearest.provider.displayName) message")
        default:
            return .payload
        }
    }
}
