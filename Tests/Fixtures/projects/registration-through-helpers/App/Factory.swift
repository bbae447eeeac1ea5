// swift-format-ignore-file
import UserNotifications

/// The categories' names, passed to the helper as the enum.
enum CategoryKind: String {
    case invite, reminder
}

/// Helpers calling helpers: the identifier is a parameter two functions deep, and a String
/// enum's raw value.
struct CategoryFactory {
    static func category(_ kind: CategoryKind) -> UNNotificationCategory {
        UNNotificationCategory(identifier: kind.rawValue, actions: [], intentIdentifiers: [], options: [])
    }

    static func plain(_ identifier: String) -> UNNotificationCategory {
        UNNotificationCategory(identifier: identifier, actions: [], intentIdentifiers: [], options: [])
    }

    static func withReply(named name: String) -> UNNotificationCategory {
        plain(name)
    }

    static func all() -> Set<UNNotificationCategory> {
        [category(.invite), CategoryFactory.category(CategoryKind.reminder), withReply(named: "message")]
    }
}

func registerFactoryCategories() {
    UNUserNotificationCenter.current().setNotificationCategories(CategoryFactory.all())
}
