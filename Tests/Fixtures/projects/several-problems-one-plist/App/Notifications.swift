// swift-format-ignore-file
import UserNotifications

enum Notifications {
    static func register() {
        let c0 = UNNotificationCategory(identifier: "news", actions: [], intentIdentifiers: [], options: [])
        let c1 = UNNotificationCategory(identifier: "sport", actions: [], intentIdentifiers: [], options: [])
        UNUserNotificationCenter.current().setNotificationCategories([c0, c1])
    }
}
