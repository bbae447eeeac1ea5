import Foundation

/// A scheduled local notification waiting for its next fire date.
public struct PendingNotification: Sendable, Hashable {
    /// The notification as it was scheduled.
    public var notification: LocalNotification
    /// When it fires next; later than the first fire date for a repeating one that has fired.
    public var nextFireDate: Date
    /// How many earlier notifications with the same identifier it replaced.
    public var replacedCount: Int
    /// Scheduling order, to break ties between equal fire dates.
    let sequence: Int
}
