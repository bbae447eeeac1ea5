// swift-format-ignore-file
import UserNotifications

func makeCategory(identifier: String, actions: [UNNotificationAction]) -> UNNotificationCategory {
    UNNotificationCategory(identifier: identifier, actions: actions, intentIdentifiers: [], options: [])
}

func registerMore() {
    let reply = UNNotificationAction(identifier: "reply", title: "Reply", options: [])
    let helped: Set<UNNotificationCategory> = [makeCategory(identifier: "chat", actions: [reply])]
    let mapped = ["news", "sport"].map { UNNotificationCategory(identifier: $0, actions: [], intentIdentifiers: [], options: []) }
    UNUserNotificationCenter.current().setNotificationCategories(helped.union(mapped))
}
