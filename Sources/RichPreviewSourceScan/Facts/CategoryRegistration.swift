/// What the scanned files show about registering a category with the system.
public enum CategoryRegistration: Sendable, Hashable {
    /// Passed to the registration call at this place (`setNotificationCategories`, or the
    /// `categories:` of a `UIUserNotificationSettings`).
    case registered(at: CodeLocation)
    /// Left out: the same file registers categories of the same API at this place, every argument
    /// of those calls was understood, and this category is not among them (Telegram's legacy
    /// branch builds categories and passes `categories: []`).
    case leftOut(registrationAt: CodeLocation)
    /// No registration call in the files scanned passes it, and none in its file could be read
    /// completely (the category may be returned to a caller that registers it).
    case notSeen
}
