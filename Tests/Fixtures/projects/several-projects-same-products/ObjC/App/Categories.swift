// swift-format-ignore-file
import UserNotifications

func register() {
        let c0 = UNNotificationCategory(identifier: "shared", actions: [], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([c0])
}