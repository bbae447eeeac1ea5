/// Which framework declared a scanned category or action.
public enum ScannedAPI: String, Sendable, Hashable {
    /// `UNNotificationCategory` / `UNNotificationAction` (iOS 10 and later).
    case userNotifications
    /// `UIMutableUserNotificationCategory` / `UIMutableUserNotificationAction` (iOS 8, deprecated in iOS 10).
    case legacyUIKit
}
