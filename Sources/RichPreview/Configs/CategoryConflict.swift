/// A category claimed by two content extensions. Apple requires each extension to have its own
/// categories and does not say which one wins; richpreview lets the first one given win.
public struct CategoryConflict: Sendable, Equatable, LocatedIssue {
    public var category: String
    /// The plist of the extension that draws the category (the first given).
    public var winner: String
    /// The plist of the extension that claims it too and is not used for it.
    public var loser: String

    public init(category: String, winner: String, loser: String) {
        self.category = category
        self.winner = winner
        self.loser = loser
    }

    public var file: String? { loser }
    public var keyPath: String { "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory" }
    public var message: String {
        "category '\(category)' is also claimed by \(winner), which comes first and draws it; each content extension needs its own categories"
    }
}
