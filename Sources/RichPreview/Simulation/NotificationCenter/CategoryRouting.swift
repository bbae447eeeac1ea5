/// How a delivered notification's category resolved (spec §1.5): only a registered category
/// brings its actions; an unregistered one still delivers, without actions or extensions.
public enum CategoryRouting: Sendable, Hashable {
    /// The notification names no category.
    case none
    /// The notification names this registered category: its actions are shown and a content
    /// extension listing it may draw it.
    case registered(NotificationCategory)
    /// The notification names a category the app has not registered.
    case unregistered(String)

    /// The buttons the user gets.
    public var actions: [NotificationAction] {
        if case .registered(let category) = self { return category.actions }
        return []
    }
}
