/// What the user allowed the app to do with notifications (`UIUserNotificationType`,
/// `UNAuthorizationOptions`), with the iOS 8 bit values.
public struct AuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// May set the number on the app icon (`UIUserNotificationTypeBadge`, bit 1).
    public static let badge = AuthorizationOptions(rawValue: 1)
    /// May play sounds (`UIUserNotificationTypeSound`, bit 2).
    public static let sound = AuthorizationOptions(rawValue: 2)
    /// May show alerts and banners with text (`UIUserNotificationTypeAlert`, bit 4).
    public static let alert = AuthorizationOptions(rawValue: 4)
    /// Alerts, badges and sounds: everything a notification can ask for.
    public static let all: AuthorizationOptions = [.alert, .badge, .sound]

    /// Each option by its name (`alert`, `badge`, `sound`), in that order.
    public static let named: [(name: String, option: AuthorizationOptions)] = [
        ("alert", .alert), ("badge", .badge), ("sound", .sound),
    ]
}
