/// What a notification does to the app icon's badge.
public enum BadgeUpdate: Sendable, Hashable {
    /// Show this number.
    case set(Int)
    /// Remove the badge (a payload's `badge: 0`).
    case remove

    /// The number the icon shows afterwards; 0 means no badge.
    public var number: Int {
        switch self {
        case .set(let number): number
        case .remove: 0
        }
    }
}
