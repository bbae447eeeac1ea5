// swift-format-ignore-file
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        bestAttemptContent?.categoryIdentifier = "breaking_news"
        contentHandler(bestAttemptContent ?? request.content)
    }
}
