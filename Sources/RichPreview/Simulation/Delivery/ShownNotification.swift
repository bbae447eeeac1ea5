/// One notification the user sees after a delivery: `richpreview deliver --json` prints an array
/// of these, oldest first. Every key is written, null when it has no value.
public struct ShownNotification: Sendable, Equatable, Codable {
    /// The notification's id: the payload's id key, or `notification-N` for the Nth push.
    public var id: String
    /// The alert's title.
    public var title: String?
    /// The alert's subtitle.
    public var subtitle: String?
    /// The alert's body.
    public var body: String?
    /// The category identifier.
    public var category: String?
    /// Whether the category is registered; nil when the notification names none.
    public var registered: Bool?
    /// The buttons of a registered category (full-alert context), in order; empty otherwise.
    public var actions: [Action]
    /// The badge number the notification sets.
    public var badge: Int?
    /// The sound's name.
    public var sound: String?
    /// How many earlier notifications with the same id it replaced.
    public var replaced: Int

    /// One button of a shown notification.
    public struct Action: Sendable, Equatable, Codable {
        /// The action's identifier.
        public var identifier: String
        /// The button's title.
        public var title: String

        /// The button `identifier` titled `title`.
        public init(identifier: String, title: String) {
            self.identifier = identifier
            self.title = title
        }
    }

    /// The notification `delivered`, with the buttons its card (`card`) shows.
    public init(card: NotificationCard, delivered: DeliveredNotification) {
        let notification = delivered.notification
        id = notification.identifier
        title = notification.title
        subtitle = notification.subtitle
        body = notification.body
        category = notification.categoryIdentifier
        registered = card.categoryRegistered
        actions = card.actions.map { Action(identifier: $0.identifier, title: $0.title) }
        badge = notification.badge?.number
        sound = notification.sound?.name
        replaced = delivered.replacedCount
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, subtitle, body, category, registered, actions, badge, sound, replaced
    }

    /// Writes every key, null for a value the notification does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(body, forKey: .body)
        try container.encode(category, forKey: .category)
        try container.encode(registered, forKey: .registered)
        try container.encode(actions, forKey: .actions)
        try container.encode(badge, forKey: .badge)
        try container.encode(sound, forKey: .sound)
        try container.encode(replaced, forKey: .replaced)
    }
}
