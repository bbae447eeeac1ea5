/// What the user allowed the app to do with notifications (`UIUserNotificationType`,
/// `UNAuthorizationOptions`), with the iOS 8 bit values.
public struct AuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let badge = AuthorizationOptions(rawValue: 1)
    public static let sound = AuthorizationOptions(rawValue: 2)
    public static let alert = AuthorizationOptions(rawValue: 4)
    public static let all: AuthorizationOptions = [.alert, .badge, .sound]

    /// Each option by its name (`alert`, `badge`, `sound`), in that order.
    public static let named: [(name: String, option: AuthorizationOptions)] = [
        ("alert", .alert), ("badge", .badge), ("sound", .sound),
    ]
}
