// swift-format-ignore-file
import UserNotifications

func registerCategories() {
    let reply = UNNotificationAction(identifier: "reply", title: "Reply", options: [])
    let shared = UNNotificationCategory(identifier: "shared", actions: [reply], intentIdentifiers: [], options: [])
    let news = UNNotificationCategory(identifier: "alpha_news", actions: [], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([shared, news])
}

func urgent(_ content: UNMutableNotificationContent) {
    content.interruptionLevel = .timeSensitive
    content.sound = .defaultCritical
}
