// swift-format-ignore-file
import UserNotifications

func registerCategories() {
    let reply = UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [])
    let message = UNNotificationCategory(identifier: "message", actions: [reply], intentIdentifiers: [], options: [])
    let photo = UNNotificationCategory(identifier: "photo", actions: [], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([message, photo])
}
