import OneSignalExtension
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    private var handler: ((UNNotificationContent) -> Void)?
    private var content: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        handler = contentHandler
        content = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let content else { return contentHandler(request.content) }
        OneSignalExtension.didReceiveNotificationExtensionRequest(
            request, with: content, withContentHandler: contentHandler)
    }
}
