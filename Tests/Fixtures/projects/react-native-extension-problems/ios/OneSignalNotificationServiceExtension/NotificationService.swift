import OneSignalExtension
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    // OneSignalExtension.didReceiveNotificationExtensionRequest is not called yet.
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }
}
