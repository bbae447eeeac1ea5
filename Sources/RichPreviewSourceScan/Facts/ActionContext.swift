/// `UIUserNotificationActionContext` (iOS 8): how much room the notification has for buttons.
public enum ActionContext: String, Sendable, CaseIterable, Codable {
    /// Banners, the lock screen and Notification Center: at most 2 actions.
    case minimal
    /// The full alert: at most 4 actions.
    case `default`

    /// The most actions this context shows in iOS 8 (an iOS 10 category's default view shows up
    /// to `NotificationCategory.maximumShownActions`).
    public var limit: Int {
        switch self {
        case .minimal: 2
        case .default: 4
        }
    }
}
