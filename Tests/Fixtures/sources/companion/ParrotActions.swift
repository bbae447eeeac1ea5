// swift-format-ignore-file
// Written for richpreview: the registration half; the identifier comes from ParrotCategory.swift.
import UserNotifications

public enum ParrotAction: String {
    case
    block = "com.example.parrot.block",
    add = "com.example.parrot.add"

    public static func configure() {
        let block = UNNotificationAction(identifier: ParrotAction.block.rawValue, title: "Block")
        let add = UNNotificationAction(identifier: ParrotAction.add.rawValue,
                                       title: "Add")
        let category =
            UNNotificationCategory(identifier: ParrotCategory.partyRequest.rawValue,
                                   actions: [
                                    add,
                                    block,
                                   ],
                                   intentIdentifiers: [])
        UNUserNotificationCenter
            .current()
            .setNotificationCategories([category])
    }
}
