// swift-format-ignore-file
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    let defaults = UserDefaults(suiteName: "group.com.example.main")
}
