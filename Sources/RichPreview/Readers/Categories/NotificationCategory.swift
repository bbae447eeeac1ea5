/// A notification category as the app registers it: its identifier, actions and options.
public struct NotificationCategory: Sendable, Hashable {
    /// The category's identifier, matched against `aps.category` (or a local notification's
    /// `categoryIdentifier`) and `UNNotificationExtensionCategory`; must be unique and not empty.
    public var identifier: String
    /// Every action, in the order the app declared them.
    public var actions: [NotificationAction]
    /// `UNNotificationCategoryOptions`: custom dismiss action, CarPlay, what hidden previews show.
    public var options: CategoryOptions
    /// Action identifiers shown in the iOS 8 minimal context (banners, lock screen; at most 2); nil
    /// means the first two of the default context.
    public var minimalContext: [String]?
    /// Action identifiers shown in the iOS 8 default context (the full alert, at most 4); nil means
    /// every action, in declared order.
    public var defaultContext: [String]?

    /// Creates a category from its parts; not validated here (`CategoryManifest.init(_:file:)`
    /// checks it). By default: no actions, no options and no explicit contexts.
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

    /// The actions shown in `context`, in order. Without explicit contexts the default context holds
    /// every action; the minimal one, when not given, holds the first two of the default context.
    /// Identifiers that name no action are left out (a manifest never has them).
    public func actions(for context: ActionContext) -> [NotificationAction] {
        let defaultActions = defaultContext.map { $0.compactMap(action) } ?? actions
        switch context {
        case .default: return defaultActions
        case .minimal: return minimalContext.map { $0.compactMap(action) } ?? Array(defaultActions.prefix(2))
        }
    }

    /// The most buttons an iOS 10 or later category shows where space allows
    /// (`UNNotificationCategory.actions`); banners show the first two.
    public static let maximumShownActions = 10

    /// The most of this category's actions `context` shows: 2 in the minimal context; in the
    /// default one 4 when the category gives the iOS 8 default context explicitly, else 10.
    public func shownLimit(in context: ActionContext) -> Int {
        switch context {
        case .minimal: ActionContext.minimal.limit
        case .default: defaultContext == nil ? Self.maximumShownActions : ActionContext.default.limit
        }
    }

    /// The identifiers listed for `context` when the category gives them explicitly.
    public func explicitContext(_ context: ActionContext) -> [String]? {
        switch context {
        case .minimal: minimalContext
        case .default: defaultContext
        }
    }
}

/// `UNNotificationCategoryOptions`, with Apple's raw values.
public struct CategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Explicit dismissals are delivered as `com.apple.UNNotificationDismissActionIdentifier`.
    public static let customDismissAction = CategoryOptions(rawValue: 1)
    /// `UNNotificationCategoryOptionAllowInCarPlay`: CarPlay may show the notification (it does not
    /// by default).
    public static let allowInCarPlay = CategoryOptions(rawValue: 2)
    /// `UNNotificationCategoryOptionHiddenPreviewsShowTitle` (iOS 11): the title is shown even when
    /// previews are hidden.
    public static let hiddenPreviewsShowTitle = CategoryOptions(rawValue: 4)
    /// `UNNotificationCategoryOptionHiddenPreviewsShowSubtitle` (iOS 11): the subtitle is shown
    /// even when previews are hidden.
    public static let hiddenPreviewsShowSubtitle = CategoryOptions(rawValue: 8)
    /// iOS 13, deprecated in iOS 15.
    public static let allowAnnouncement = CategoryOptions(rawValue: 16)

    /// Each option with Apple's name for it (`customDismissAction`, …), in raw-value order.
    public static let names: [(name: String, option: CategoryOptions)] = [
        ("customDismissAction", .customDismissAction), ("allowInCarPlay", .allowInCarPlay),
        ("hiddenPreviewsShowTitle", .hiddenPreviewsShowTitle),
        ("hiddenPreviewsShowSubtitle", .hiddenPreviewsShowSubtitle),
        ("allowAnnouncement", .allowAnnouncement),
    ]
}
