/// The sound a notification plays: `aps.sound` of a push, or the sound of a local notification.
public enum NotificationSound: Sendable, Hashable {
    /// Every key Apple documents for a critical alert's `aps.sound` dictionary.
    public static let knownKeys = ["critical", "name", "volume"]

    /// The system sound (`"default"`).
    case `default`
    /// A sound file in the app's main bundle or `Library/Sounds`.
    case named(String)
    /// A critical alert sound (`aps.sound` as a dictionary with `critical: 1`); `name` nil plays the
    /// default sound, `volume` is 0…1 (nil means full volume).
    case critical(name: String?, volume: Double?)

    /// The sound's file name, or `"default"` for the system sound.
    public var name: String {
        switch self {
        case .default: "default"
        case .named(let name): name
        case .critical(let name, _): name ?? "default"
        }
    }

    /// The value as it is written in `aps.sound`.
    var jsonValue: PropertyValue {
        switch self {
        case .default, .named: return .string(name)
        case .critical(let name, let volume):
            var members: [String: PropertyValue] = ["critical": .integer(1)]
            if let name { members["name"] = .string(name) }
            if let volume { members["volume"] = .real(volume) }
            return .dictionary(members)
        }
    }
}
