import Foundation

/// A local notification as the app schedules it (`UILocalNotification`, or a `UNNotificationRequest`
/// with a calendar trigger).
public struct LocalNotification: Sendable, Hashable {
    /// Adding a notification with the identifier of another replaces it.
    public var identifier: String
    /// When it fires first; a date already past fires on the center's next `advance`.
    public var fireDate: Date
    /// The zone whose calendar counts repeats; nil uses the center's (the device's) zone.
    public var timeZone: TimeZone?
    /// How often it fires again after `fireDate` (`UILocalNotification.repeatInterval`); `.none`
    /// fires once.
    public var repeatInterval: RepeatInterval
    /// The category whose actions it shows (`categoryIdentifier`, from `aps.category` for a push);
    /// nil for none, and an unregistered one shows no actions.
    public var categoryIdentifier: String?
    /// The alert's title (`alertTitle`), shown in bold above the body; nil for none.
    public var title: String?
    /// The alert's subtitle, shown below the title; nil for none.
    public var subtitle: String?
    /// The alert's text (`alertBody`); nil for none. Without title, subtitle or body nothing is
    /// shown.
    public var body: String?
    /// What it does to the app icon's badge when it fires; nil leaves the badge as it is.
    public var badge: BadgeUpdate?
    /// The sound it plays when it fires; nil is silent.
    public var sound: NotificationSound?
    /// The group it joins in Notification Center (`threadIdentifier`, from `aps.thread-id`); nil
    /// for the app's default group.
    public var threadIdentifier: String?
    /// The legacy alert button title (`alertAction`, from `action-loc-key`).
    public var alertAction: String?
    /// The legacy launch image file name (`alertLaunchImage`, from `aps.alert.launch-image`); nil
    /// for none.
    public var launchImage: String?
    /// The app's own data carried with it (a push's custom keys, outside `aps`).
    public var userInfo: [String: PropertyValue]

    /// Creates a local notification from its parts; not validated here
    /// (`UserNotificationCenter.add` checks authorization). By default it fires once, in the
    /// center's zone, with nothing to show.
    public init(
        identifier: String, fireDate: Date, timeZone: TimeZone? = nil, repeatInterval: RepeatInterval = .none,
        categoryIdentifier: String? = nil, title: String? = nil, subtitle: String? = nil, body: String? = nil,
        badge: BadgeUpdate? = nil, sound: NotificationSound? = nil, threadIdentifier: String? = nil,
        alertAction: String? = nil, launchImage: String? = nil, userInfo: [String: PropertyValue] = [:]
    ) {
        self.identifier = identifier
        self.fireDate = fireDate
        self.timeZone = timeZone
        self.repeatInterval = repeatInterval
        self.categoryIdentifier = categoryIdentifier
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.threadIdentifier = threadIdentifier
        self.alertAction = alertAction
        self.launchImage = launchImage
        self.userInfo = userInfo
    }

    /// Whether it shows text: a non-empty title, subtitle or body.
    public var hasAlert: Bool {
        [title, subtitle, body].contains { !($0 ?? "").isEmpty }
    }

    /// What the notification asks to do, as authorization options.
    public var requestedAuthorization: AuthorizationOptions {
        var options: AuthorizationOptions = []
        if hasAlert { options.insert(.alert) }
        if badge != nil { options.insert(.badge) }
        if sound != nil { options.insert(.sound) }
        return options
    }

    /// The fire date of occurrence `index` (0 is `fireDate`), counted in `zone`'s Gregorian calendar.
    func occurrence(_ index: Int, in zone: TimeZone) -> Date? {
        guard let component = repeatInterval.component else { return index == 0 ? fireDate : nil }
        return Self.calendar(zone).date(byAdding: component, value: index, to: fireDate)
    }

    /// The index of the last occurrence at or before `date`, or nil when the first is later.
    func lastOccurrenceIndex(atOrBefore date: Date, in zone: TimeZone) -> Int? {
        guard fireDate <= date else { return nil }
        guard let component = repeatInterval.component else { return 0 }
        var index = Self.calendar(zone).dateComponents([component], from: fireDate, to: date).value(for: component) ?? 0
        index = max(0, index)
        while let next = occurrence(index + 1, in: zone), next <= date { index += 1 }
        while index > 0, let current = occurrence(index, in: zone), current > date { index -= 1 }
        return index
    }

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
