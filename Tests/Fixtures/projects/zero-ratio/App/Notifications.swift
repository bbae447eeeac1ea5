// swift-format-ignore-file
import UserNotifications

enum Notifications {
    static func register() {
        let c0 = UNNotificationCategory(identifier: "map", actions: [], intentIdentifiers: [], options: [])
        UNUserNotificationCenter.current().setNotificationCategories([c0])
    }
}
