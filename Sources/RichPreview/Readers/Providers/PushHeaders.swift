/// The APNs request headers of one push, as a provider or a request file gives them; nil where
/// not given. Coded with the header names (`apns-push-type`, …), as request files write them.
public struct PushHeaders: Sendable, Hashable, Codable {
    /// `apns-push-type`, as written (a type richpreview does not know stays as text).
    public var pushType: String?
    /// `apns-topic`: the bundle id, with the push type's suffix where it has one.
    public var topic: String?
    /// `apns-priority`: 10 (now), 5 (when power allows) or 1 (lowest).
    public var priority: Int?
    /// `apns-expiration`: UNIX epoch seconds after which APNs stops trying; 0 delivers once or never.
    public var expiration: Int?
    /// `apns-collapse-id`: notifications with one id replace each other; at most 64 bytes.
    public var collapseID: String?
    /// `apns-id`: the notification's own id, a UUID (APNs makes one when it is not given).
    public var id: String?
    /// `apns-channel-id`: the broadcast channel of a Live Activity broadcast push (iOS 18), sent
    /// to the channel rather than to a device and topic.
    public var channelID: String?

    /// Headers with nothing given.
    public init(
        pushType: String? = nil, topic: String? = nil, priority: Int? = nil, expiration: Int? = nil,
        collapseID: String? = nil, id: String? = nil, channelID: String? = nil
    ) {
        self.pushType = pushType
        self.topic = topic
        self.priority = priority
        self.expiration = expiration
        self.collapseID = collapseID
        self.id = id
        self.channelID = channelID
    }

    /// The header names, as APNs spells them.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        /// `apns-push-type`.
        case pushType = "apns-push-type"
        /// `apns-topic`.
        case topic = "apns-topic"
        /// `apns-priority`.
        case priority = "apns-priority"
        /// `apns-expiration`.
        case expiration = "apns-expiration"
        /// `apns-collapse-id`.
        case collapseID = "apns-collapse-id"
        /// `apns-id`.
        case id = "apns-id"
        /// `apns-channel-id`.
        case channelID = "apns-channel-id"
    }

    /// Whether no header is given.
    public var isEmpty: Bool { self == PushHeaders() }

    /// `other`'s headers where it gives them, these elsewhere.
    public func overridden(by other: PushHeaders) -> PushHeaders {
        PushHeaders(
            pushType: other.pushType ?? pushType, topic: other.topic ?? topic, priority: other.priority ?? priority,
            expiration: other.expiration ?? expiration, collapseID: other.collapseID ?? collapseID,
            id: other.id ?? id, channelID: other.channelID ?? channelID)
    }

    /// Whether header `name` is given.
    public func has(_ name: CodingKeys) -> Bool {
        switch name {
        case .pushType: pushType != nil
        case .topic: topic != nil
        case .priority: priority != nil
        case .expiration: expiration != nil
        case .collapseID: collapseID != nil
        case .id: id != nil
        case .channelID: channelID != nil
        }
    }
}
