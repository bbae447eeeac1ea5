/// A `UNNotificationAction`/`UNTextInputNotificationAction` call or a `UIMutableUserNotificationAction`.
struct PendingAction: Sendable {
    var identifier: SymbolicString?
    var title: SymbolicString?
    var options: SymbolicOptions = .names([])
    var isTextInput = false
    var buttonTitle: SymbolicString?
    var placeholder: SymbolicString?
    var icon: PendingActionIcon?
    var activationMode: String?
    var destructive: Bool?
    var authenticationRequired: Bool?
    var api: ScannedAPI
    var location: CodeLocation
    var variable: String?
}
