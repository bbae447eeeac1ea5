// swift-format-ignore-file
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.suite")
        _ = shared
        contentHandler(request.content)
    }
}
