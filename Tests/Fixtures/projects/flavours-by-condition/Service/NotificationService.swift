// swift-format-ignore-file
import UserNotifications

/// One service extension's code built as two flavours: each target's compilation conditions pick
/// its own app group.
final class NotificationService: UNNotificationServiceExtension {
    #if CONSUMER
    let defaults = UserDefaults(suiteName: "group.com.example.consumer")
    #elseif ENTERPRISE
    let defaults = UserDefaults(suiteName: "group.com.example.enterprise")
    #endif

    #if BETA_CHANNEL
    let beta = UserDefaults(suiteName: "group.com.example.beta")
    #endif
}
