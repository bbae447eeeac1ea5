/// A notification category as the app registers it: its identifier, actions and options.
public struct NotificationCategory: Sendable, Hashable {
    public var identifier: String
    /// Every action, in the order the app declared them.
    public var actions: [NotificationAction]
    public var options: CategoryOptions
    /// iOS 8 contexts: action identifiers shown when space is minimal (at most 2) and in the full
    /// alert (at most 4). Nil means the default: all actions, and the first two when minimal.
    public var minimalContext: [String]?
    public var defaultContext: [String]?

    public init(
        identifier: String, actions: [NotificationAction] = [], options: CategoryOptions = [],
        minimalContext: [String]? = nil, defaultContext: [String]? = nil
    ) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
        self.minimalContext = minimalContext
        self.defaultContext = defaultContext
    }

    /// The action with this identifier, if the category has one.
    public func action(_ identifier: String) -> NotificationAction? {
        actions.first { $0.identifier == identifier }
    }
}

/// `UNNotificationCategoryOptions`, with Apple's raw values.
public struct CategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Explicit dismissals are delivered as `com.apple.UNNotificationDismissActionIdentifier`.
    public static let customDismissAction = CategoryOptions(rawValue: 1)
    public static let allowInCarPlay = CategoryOptions(rawValue: 2)
    public static let hiddenPreviewsShowTitle = CategoryOptions(rawValue: 4)
    public static let hiddenPreviewsShowSubtitle = CategoryOptions(rawValue: 8)
    /// iOS 13, deprecated in iOS 15.
    public static let allowAnnouncement = CategoryOptions(rawValue: 16)
}
