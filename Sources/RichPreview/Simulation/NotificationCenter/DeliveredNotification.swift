import Foundation

/// A notification the user sees in Notification Center.
public struct DeliveredNotification: Sendable, Hashable {
    /// The notification shown: as scheduled, or as made from a push with the sound and badge the
    /// user has not allowed removed.
    public var notification: LocalNotification
    /// When it was delivered (the occurrence's fire date).
    public var date: Date
    /// Its category as resolved when it was delivered.
    public var routing: CategoryRouting
    /// How many earlier notifications with the same identifier it replaced, pending or delivered;
    /// a repeating notification replacing its own earlier delivery does not count.
    public var replacedCount: Int
    let sequence: Int

    /// The buttons it shows: its registered category's actions, none otherwise.
    public var actions: [NotificationAction] { routing.actions }
}
