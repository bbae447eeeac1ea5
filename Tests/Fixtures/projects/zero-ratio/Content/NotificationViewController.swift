// swift-format-ignore-file
import UIKit
import UserNotificationsUI

class NotificationViewController: UIViewController, UNNotificationContentExtension {
    func didReceive(_ notification: UNNotification) {
        preferredContentSize = CGSize(width: view.bounds.width, height: 240)
    }
}
