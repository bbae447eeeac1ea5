// swift-format-ignore-file
import UIKit
import UserNotifications

/// Written when the app still ran on iOS 9: the fallbacks never run at a deployment target of 10.0.
func registerCategories() {
    if #available(iOS 10.0, *) {
        let chat = UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [], options: [])
        UNUserNotificationCenter.current().setNotificationCategories([chat])
    } else {
        let old = UIMutableUserNotificationCategory()
        old.identifier = "OLD_CHAT"
        UIApplication.shared.registerUserNotificationSettings(UIUserNotificationSettings(types: [.alert], categories: [old]))
    }
}

func remind(in seconds: TimeInterval) {
    guard #available(iOS 10.0, *) else {
        let notification = UILocalNotification()
        notification.category = "REMINDER_LEGACY"
        UIApplication.shared.scheduleLocalNotification(notification)
        return
    }
    let content = UNMutableNotificationContent()
    content.categoryIdentifier = "chat"
    UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "r", content: content, trigger: nil))
}
