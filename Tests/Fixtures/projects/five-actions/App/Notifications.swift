// swift-format-ignore-file
import UserNotifications

func registerCategories() {
    let category = UNNotificationCategory(
        identifier: "reminder", actions: [UNNotificationAction(identifier: "a0", title: "Action 0", options: []), UNNotificationAction(identifier: "a1", title: "Action 1", options: []), UNNotificationAction(identifier: "a2", title: "Action 2", options: []), UNNotificationAction(identifier: "a3", title: "Action 3", options: []), UNNotificationAction(identifier: "a4", title: "Action 4", options: [])], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([category])
}
