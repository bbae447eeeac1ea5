// swift-format-ignore-file
// Written for richpreview: iOS 10+ categories in Swift, every way of naming an identifier.
import UserNotifications

/* A comment holding code is not code:
   UNNotificationCategory(identifier: "commented", actions: [], intentIdentifiers: [], options: [])
   /* nested */ UNNotificationCategory(identifier: "nested-comment", actions: [], intentIdentifiers: [])
*/
// UNNotificationCategory(identifier: "line-comment", actions: [], intentIdentifiers: [])

let globalPrefix = "com.example"

enum Category: String {
    case saySomething
    case partyRequest = "com.example.party"
}

enum Identifiers {
    enum Categories {
        static let main = "main-category"
    }
    enum Actions {
        static let reply = "reply"
    }
}

struct CategoryRegistry {
    func register() {
        let accept = UNNotificationAction(identifier: Self.acceptIdentifier, title: "Accept", options: .foreground)
        let decline = UNNotificationAction(
            identifier: "decline",
            title: "Decline",
            options: [.destructive, .authenticationRequired],
        )
        let reply = UNTextInputNotificationAction(
            identifier: Identifiers.Actions.reply,
            title: "Reply",
            options: [],
            textInputButtonTitle: "Send",
            textInputPlaceholder: "Say something"
        )
        let fake = "UNNotificationCategory(identifier: \"in-a-string\", actions: [], intentIdentifiers: [])"
        let raw = #"UNNotificationCategory(identifier: "in-a-raw-string", actions: [], intentIdentifiers: [])"#
        let invite = UNNotificationCategory(
            identifier: Category.partyRequest.rawValue,
            actions: [accept, decline,],
            intentIdentifiers: [],
            options: .customDismissAction
        )
        let chat = UNNotificationCategory(
            identifier: Identifiers.Categories.main, actions: [reply, makeAction()], intentIdentifiers: [],
            hiddenPreviewsBodyPlaceholder: "New message", categorySummaryFormat: nil,
            options: UNNotificationCategoryOptions.allowInCarPlay)
        let say = UNNotificationCategory(
            identifier: Category.saySomething.rawValue, actions: [], intentIdentifiers: [], options: [])
        let dynamic = UNNotificationCategory(
            identifier: "\(globalPrefix).dynamic", actions: [], intentIdentifiers: [], options: [])
        let modern = UNNotificationCategory(
            identifier: Self.modernIdentifier,
            actions: [
                UNNotificationAction(
                    identifier: "like", title: "Like", options: [],
                    icon: UNNotificationActionIcon(systemImageName: "hand.thumbsup")),
                UNTextInputNotificationAction(
                    identifier: "comment", title: "Comment",
                    icon: UNNotificationActionIcon(templateImageName: "comment")),
            ],
            intentIdentifiers: [])
        let implicit = UNNotificationCategory(
            identifier: .partyRequest.rawValue, actions: [], intentIdentifiers: [], options: [])
        var all: Set<UNNotificationCategory> = [invite, chat, say]
        all.insert(dynamic)
        all.formUnion([modern, implicit])
        UNUserNotificationCenter.current().setNotificationCategories(all)
        _ = (fake, raw)
    }

    func makeAction() -> UNNotificationAction {
        UNNotificationAction(identifier: "made", title: "Made")
    }

    private static let acceptIdentifier = "accept"
    static let modernIdentifier = globalPrefix + ".modern"
}
