/// A use of `UNNotificationDismissActionIdentifier` (or its value as a string literal): code that
/// handles an explicit dismissal, which iOS delivers only for categories with `customDismissAction`.
public struct ScannedDismissActionUse: Sendable, Hashable {
    /// The value of `UNNotificationDismissActionIdentifier`, the action identifier of an explicit dismissal.
    public static let identifier = "com.apple.UNNotificationDismissActionIdentifier"

    /// Where the identifier (or its string) is written.
    public var location: CodeLocation
    /// The function around the use: `AppDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)`
    /// in Swift, `-[AppDelegate userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:]`
    /// in Objective-C; nil at file level.
    public var enclosingFunction: String?

    /// A use at `location` inside `enclosingFunction`.
    public init(location: CodeLocation, enclosingFunction: String?) {
        self.location = location
        self.enclosingFunction = enclosingFunction
    }
}
