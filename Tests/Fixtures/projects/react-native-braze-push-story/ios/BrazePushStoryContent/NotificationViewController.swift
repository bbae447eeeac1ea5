import BrazePushStory
import UIKit
import UserNotifications
import UserNotificationsUI

/// Hands every story push to the SDK's own controller.
class NotificationViewController: BrazePushStory.NotificationViewController {}
