// swift-format-ignore-file
import UserNotifications

func registerCategories() {
    let alerts = UNNotificationCategory(identifier: "alerts", actions: [], intentIdentifiers: [], options: [])
    let legacy = UNNotificationCategory(identifier: "legacy", actions: [], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([alerts, legacy])
}
