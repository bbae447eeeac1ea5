/// A `UNNotificationCategory` call or a `UIMutableUserNotificationCategory`.
struct PendingCategory: Sendable {
    var identifier: SymbolicString?
    var actions: [SymbolicElement] = []
    var contexts: [ActionContext: [SymbolicElement]] = [:]
    var options: SymbolicOptions = .names([])
    var api: ScannedAPI
    var location: CodeLocation
    var variable: String?
    /// Built from a parameter inside a function of the file's own (`CategoryTemplates`): its
    /// calls with literal identifiers are the categories, not this one.
    var isTemplate = false
}
