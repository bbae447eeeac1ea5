// swift-format-ignore-file
import UserNotifications

/// A chat message as the app stores it: its own `categoryIdentifier`, not a notification's.
struct StoredMessage {
    var text: String
    var categoryIdentifier: String

    init(text: String) {
        self.text = text
        self.categoryIdentifier = "stored-message"
    }
}

func schedule(_ message: StoredMessage) {
    let content = UNMutableNotificationContent()
    content.body = message.text
    content.categoryIdentifier = "message"
    UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "m", content: content, trigger: nil))
}

func register() {
    let message = UNNotificationCategory(identifier: "message", actions: [], intentIdentifiers: [], options: [])
    UNUserNotificationCenter.current().setNotificationCategories([message])
}
