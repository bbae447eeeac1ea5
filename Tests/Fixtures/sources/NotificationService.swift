// swift-format-ignore-file
// Written for richpreview: a service extension that sets the category, and an app delegate that
// handles the explicit dismiss action.
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        bestAttemptContent?.categoryIdentifier = Category.saySomething.rawValue
        if let bestAttemptContent {
            bestAttemptContent.categoryIdentifier = "com.example.party"
            contentHandler(bestAttemptContent)
        }
        let mutableContent = UNMutableNotificationContent()
        mutableContent.categoryIdentifier = request.identifier + ".category"
        if mutableContent.categoryIdentifier == "x" { return }
    }
}

class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        switch response.actionIdentifier {
        case UNNotificationDismissActionIdentifier:
            print("dismissed")
        default:
            break
        }
        completionHandler()
    }
}
