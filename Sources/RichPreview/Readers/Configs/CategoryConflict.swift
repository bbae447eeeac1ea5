/// A category claimed by two content extensions. Apple requires each extension to have its own
/// categories and does not say which one wins; richpreview lets the first one given win.
public struct CategoryConflict: Sendable, Equatable, FindingConvertible {
    /// The category identifier both extensions list in `UNNotificationExtensionCategory`.
    public var category: String
    /// The plist of the extension that draws the category (the first given).
    public var winner: String
    /// The plist of the extension that claims it too and is not used for it.
    public var loser: String

    /// Creates a conflict from the category and the two plists' paths, the one that draws it first.
    public init(category: String, winner: String, loser: String) {
        self.category = category
        self.winner = winner
        self.loser = loser
    }

}
