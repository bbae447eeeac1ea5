/// `UIUserNotificationActivationMode`, the iOS 8 form of "foreground or not".
public enum ActivationMode: String, Sendable, Hashable, CaseIterable {
    /// Launches the app into the foreground; `authenticationRequired` is then treated as true.
    case foreground
    /// Wakes the app in the background (it stays in the foreground if it already was).
    case background
}
