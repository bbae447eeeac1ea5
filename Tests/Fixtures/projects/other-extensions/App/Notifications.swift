// swift-format-ignore-file
import UserNotifications

enum Notifications {
    static func register() {
        let c0 = UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [], options: [])
        UNUserNotificationCenter.current().setNotificationCategories([c0])
    }
}
