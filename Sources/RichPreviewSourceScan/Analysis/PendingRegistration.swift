/// `setNotificationCategories(…)` or the `categories:` of a `UIUserNotificationSettings`.
struct PendingRegistration: Sendable {
    var api: ScannedAPI
    var elements: [SymbolicElement]
    var location: CodeLocation
}
