// swift-format-ignore-file
// Written for richpreview: the iOS 8 API from Swift, with a category registered and one not.
import UIKit

final class LegacySettings {
    func register(_ application: UIApplication) {
        let yes = UIMutableUserNotificationAction()
        yes.identifier = "YES"
        yes.title = "Yes"
        yes.activationMode = .background
        yes.isDestructive = false
        let no = UIMutableUserNotificationAction()
        no.identifier = "NO"
        no.title = "No"
        no.activationMode = UIUserNotificationActivationMode.foreground
        no.isDestructive = true
        no.isAuthenticationRequired = true
        let reply = UIMutableUserNotificationAction()
        reply.identifier = "reply"
        reply.behavior = .textInput
        reply.parameters = [UIUserNotificationTextInputActionButtonTitleKey: "Send"]
        let question = UIMutableUserNotificationCategory()
        question.identifier = "question"
        question.setActions([yes, no, reply], for: .default)
        question.setActions([yes, no], for: .minimal)
        let settings = UIUserNotificationSettings(types: [.alert, .sound], categories: [question])
        application.registerUserNotificationSettings(settings)
    }

    func schedule() {
        let notification = UILocalNotification()
        notification.category = "question"
    }
}
