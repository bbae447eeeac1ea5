import Foundation

/// A deterministic model of the device's notification center: authorization, registered
/// categories, pending and delivered local notifications, and a clock that moves only when told.
public struct UserNotificationCenter: Sendable {
    /// iOS keeps at most this many pending local notifications: the soonest-firing ones.
    public static let pendingLimit = 64

    /// The center's clock; it moves only through `advance(to:)` and `advance(by:)`.
    public private(set) var now: Date
    /// The device's time zone: repeats of notifications without their own zone count in it.
    public var timeZone: TimeZone
    /// What the user allowed.
    public var authorization: AuthorizationOptions
    /// The categories the app registered, in the order given.
    public private(set) var categories: [NotificationCategory] = []
    /// Pending notifications, soonest first.
    public private(set) var pending: [PendingNotification] = []
    /// Delivered notifications with text, oldest first; one per identifier. (A notification with only
    /// a badge or a sound changes the badge or plays, and is not listed.)
    public private(set) var delivered: [DeliveredNotification] = []
    /// The number on the app icon; 0 is no badge.
    public private(set) var badgeNumber = 0
    private var sequence = 0
    var remotePushCount = 0

    /// Creates an empty center whose clock reads `now`, in `timeZone` (UTC by default), with
    /// nothing allowed by default (every `add` asking for an alert, sound or badge then throws).
    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!, authorization: AuthorizationOptions = [])
    {
        self.now = now
        self.timeZone = timeZone
        self.authorization = authorization
    }

    /// Replaces every registered category, as `setNotificationCategories(_:)` does.
    public mutating func setNotificationCategories(_ categories: [NotificationCategory]) {
        self.categories = categories
    }

    /// How a category identifier resolves against the registered categories.
    public func routing(for categoryIdentifier: String?) -> CategoryRouting {
        guard let categoryIdentifier else { return .none }
        return categories.last { $0.identifier == categoryIdentifier }.map { .registered($0) }
            ?? .unregistered(categoryIdentifier)
    }

    /// Schedules a local notification; one with the same identifier as a pending one replaces it.
    /// It fires on the first `advance` that reaches its fire date (at once for a date already past).
    /// Past 64 pending notifications, the latest-firing ones are discarded and reported.
    /// - Throws: `NotificationCenterError.notAuthorized` when it asks for an alert, sound or badge
    ///   the user has not allowed; nothing is scheduled then.
    @discardableResult
    public mutating func add(_ notification: LocalNotification) throws(NotificationCenterError) -> SchedulingResult {
        let missing = notification.requestedAuthorization.subtracting(authorization)
        guard missing.isEmpty else { throw .notAuthorized(notification: notification, missing: missing) }
        let previous = pending.firstIndex { $0.notification.identifier == notification.identifier }
        let replaced = previous.map { pending.remove(at: $0).replacedCount + 1 } ?? 0
        sequence += 1
        pending.append(
            PendingNotification(
                notification: notification, nextFireDate: notification.fireDate, replacedCount: replaced,
                sequence: sequence))
        pending.sort { ($0.nextFireDate, $0.sequence) < ($1.nextFireDate, $1.sequence) }
        let discarded = pending.dropFirst(Self.pendingLimit).map(\.notification)
        pending = Array(pending.prefix(Self.pendingLimit))
        return SchedulingResult(replacedPending: previous != nil, discarded: discarded)
    }

    /// Unschedules the pending notifications with these identifiers, as
    /// `removePendingNotificationRequests(withIdentifiers:)` does; unknown identifiers are ignored.
    public mutating func removePendingNotifications(withIdentifiers identifiers: [String]) {
        pending.removeAll { identifiers.contains($0.notification.identifier) }
    }

    /// Unschedules every pending notification, as `removeAllPendingNotificationRequests()` does.
    public mutating func removeAllPendingNotifications() { pending.removeAll() }

    /// Removes the delivered notifications with these identifiers from Notification Center, as
    /// `removeDeliveredNotifications(withIdentifiers:)` does; the badge is unchanged.
    public mutating func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        delivered.removeAll { identifiers.contains($0.notification.identifier) }
    }

    /// Removes every delivered notification from Notification Center; the badge is unchanged.
    public mutating func removeAllDeliveredNotifications() { delivered.removeAll() }

    /// Moves the clock forward by `seconds` and delivers what came due; see `advance(to:)`.
    @discardableResult
    public mutating func advance(by seconds: TimeInterval) -> [DeliveredNotification] {
        advance(to: now.addingTimeInterval(max(0, seconds)))
    }

    /// Moves the clock to `date` (never back) and delivers every notification due by then, in fire
    /// order; repeating ones are rescheduled to their next occurrence. A repeating notification
    /// that came due several times delivers once, at its latest occurrence: the earlier ones
    /// would be replaced by it, as they share its identifier.
    /// - Returns: the notifications delivered, in fire order.
    @discardableResult
    public mutating func advance(to date: Date) -> [DeliveredNotification] {
        now = max(now, date)
        var due: [(date: Date, entry: PendingNotification, next: Date?)] = []
        var waiting: [PendingNotification] = []
        for entry in pending {
            let zone = entry.notification.timeZone ?? timeZone
            guard entry.nextFireDate <= now,
                let index = entry.notification.lastOccurrenceIndex(atOrBefore: now, in: zone),
                let fired = entry.notification.occurrence(index, in: zone)
            else {
                waiting.append(entry)
                continue
            }
            let next = entry.notification.occurrence(index + 1, in: zone)
            due.append((max(fired, entry.nextFireDate), entry, next))
            if let next {
                var rescheduled = entry
                rescheduled.nextFireDate = next
                rescheduled.replacedCount = 0
                waiting.append(rescheduled)
            }
        }
        pending = waiting.sorted { ($0.nextFireDate, $0.sequence) < ($1.nextFireDate, $1.sequence) }
        due.sort { ($0.date, $0.entry.sequence) < ($1.date, $1.entry.sequence) }
        return due.map {
            show($0.entry.notification, at: $0.date, replacedCount: $0.entry.replacedCount, sequence: $0.entry.sequence)
        }
    }

    /// Applies a notification's badge and, when it has text to show, puts it in the delivered list
    /// in place of one with the same identifier.
    mutating func show(
        _ notification: LocalNotification, at date: Date, replacedCount: Int, sequence: Int? = nil
    ) -> DeliveredNotification {
        let sequence =
            sequence
            ?? {
                self.sequence += 1; return self.sequence
            }()
        if let badge = notification.badge { badgeNumber = badge.number }
        var count = replacedCount
        if notification.hasAlert,
            let index = delivered.firstIndex(where: { $0.notification.identifier == notification.identifier })
        {
            let previous = delivered.remove(at: index)
            count += previous.sequence == sequence ? previous.replacedCount : previous.replacedCount + 1
        }
        let shown = DeliveredNotification(
            notification: notification, date: date, routing: routing(for: notification.categoryIdentifier),
            replacedCount: count, sequence: sequence)
        if notification.hasAlert { delivered.append(shown) }
        return shown
    }
}
