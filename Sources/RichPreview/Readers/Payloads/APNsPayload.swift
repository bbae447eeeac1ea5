/// A remote notification payload read from JSON: its `aps` dictionary, its custom keys, and the
/// Simulator's `Simulator Target Bundle`. Encodes back to APNs JSON.
public struct APNsPayload: Sendable, Hashable, Encodable {
    /// `aps`; nil only for a VoIP payload that has none.
    public var aps: APSDictionary?
    /// Every top-level key other than `aps` and `Simulator Target Bundle`, as given.
    public var custom: [String: PropertyValue]
    /// The bundle id `xcrun simctl push` and drag-and-drop send the file to.
    public var simulatorTargetBundle: String?
    /// A notification carried under a custom key of a silent push (the silent-push technique: the
    /// app turns it into a local notification); its raw value is also in `custom`.
    public var nested: NestedPayload?

    /// Creates a payload from its parts; not checked (`PayloadDecoder` checks JSON). `custom`
    /// should hold `nested`'s raw value too, as a decoded payload does.
    public init(
        aps: APSDictionary?, custom: [String: PropertyValue] = [:], simulatorTargetBundle: String? = nil,
        nested: NestedPayload? = nil
    ) {
        self.aps = aps
        self.custom = custom
        self.simulatorTargetBundle = simulatorTargetBundle
        self.nested = nested
    }

    /// The top-level key the Simulator reads its target bundle id from.
    public static let simulatorTargetBundleKey = "Simulator Target Bundle"

    /// A silent push: `content-available: 1` with no alert, badge or sound.
    public var isSilent: Bool {
        guard let aps else { return false }
        return aps.contentAvailable && !aps.isUserVisible
    }

    var jsonValue: PropertyValue {
        var members = custom
        members["aps"] = aps?.jsonValue
        members[Self.simulatorTargetBundleKey] = simulatorTargetBundle.map(PropertyValue.string)
        return .dictionary(members)
    }

    public func encode(to encoder: Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}

/// A payload nested under a custom key of an outer push, and the key it was found under.
public final class NestedPayload: Sendable, Hashable {
    /// The outer push's custom key the notification was found under, such as `payload`.
    public let key: String
    /// The nested notification, read with the same rules as a top-level payload.
    public let payload: APNsPayload

    /// Creates a nested payload from the key it was found under and the payload there.
    public init(key: String, payload: APNsPayload) {
        self.key = key
        self.payload = payload
    }

    public static func == (lhs: NestedPayload, rhs: NestedPayload) -> Bool {
        lhs.key == rhs.key && lhs.payload == rhs.payload
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(payload)
    }
}
