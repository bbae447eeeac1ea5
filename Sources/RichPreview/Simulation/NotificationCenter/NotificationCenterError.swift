import Foundation

/// Why the notification center refused a notification; the text for users is `description`,
/// worded like iOS's own console log for local notifications.
public enum NotificationCenterError: Error, Hashable, Sendable, FindingConvertible, CaseNamingError {
    /// A local notification asks for an alert, sound or badge the user has not allowed.
    case notAuthorized(notification: LocalNotification, missing: AuthorizationOptions)
    /// The payload's identifier key is neither a non-empty string nor a whole number.
    case invalidIdentifier(keyPath: String, found: String)

    /// The text for users: iOS's own log line for the authorization cases.
    public var text: String {
        switch self {
        case .notAuthorized(let notification, let missing):
            let zone = notification.timeZone?.identifier ?? "(null)"
            let subject =
                "Attempting to schedule a local notification {identifier = \(notification.identifier), "
                + "fire date = \(Self.format(notification.fireDate)), time zone = \(zone), "
                + "repeat interval = \(notification.repeatInterval.rawValue)}"
            return Self.reasons(missing).map {
                "\(subject) with \($0.what) but haven't received permission from the user to \($0.permission)"
            }
            .joined(separator: "; ")
        case .invalidIdentifier:
            return finding.text
        }
    }

    private static func reasons(_ missing: AuthorizationOptions) -> [(what: String, permission: String)] {
        var reasons: [(String, String)] = []
        if missing.contains(.alert) { reasons.append(("an alert", "display alerts")) }
        if missing.contains(.sound) { reasons.append(("a sound", "play sounds")) }
        if missing.contains(.badge) { reasons.append(("a badge number", "badge the application")) }
        return reasons
    }

    private static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
