import Foundation

/// The `aps` dictionary of a push: every key Apple defines, typed. Absent keys are nil.
public struct APSDictionary: Sendable, Hashable {
    /// `aps.alert`: the title, subtitle and body the notification shows; nil for none.
    public var alert: PayloadAlert?
    /// The app icon badge; 0 removes it.
    public var badge: Int?
    /// `aps.sound`: the sound played on delivery; nil is silent.
    public var sound: NotificationSound?
    /// `aps.thread-id`: the group the notification joins in Notification Center
    /// (`threadIdentifier`).
    public var threadID: String?
    /// `aps.category`: the registered category whose actions and content extension the notification
    /// gets; an unregistered one shows the notification without either.
    public var category: String?
    /// `content-available: 1`: a background notification that wakes the app.
    public var contentAvailable: Bool
    /// `mutable-content: 1`: the service extension may change the notification before it shows.
    public var mutableContent: Bool
    /// `aps.target-content-id`: the app window to bring forward when the notification is opened
    /// (`targetContentIdentifier`).
    public var targetContentID: String?
    /// `aps.interruption-level` (iOS 15): passive, active, time-sensitive or critical; nil is
    /// active.
    public var interruptionLevel: InterruptionLevel?
    /// 0…1 for notification summaries; any number for Live Activity updates.
    public var relevanceScore: Double?
    /// `aps.filter-criteria`: the Focus filter the notification is shown under.
    public var filterCriteria: String?
    /// `aps.stale-date`: when a Live Activity becomes stale, in UNIX seconds.
    public var staleDate: Double?
    /// `aps.content-state`: a Live Activity's new state, matching its
    /// `ActivityAttributes.ContentState`.
    public var contentState: [String: PropertyValue]?
    /// `aps.timestamp`: when a Live Activity update or end was sent, in UNIX seconds.
    public var timestamp: Double?
    /// `aps.event`: whether a Live Activity push starts, updates or ends the activity.
    public var event: LiveActivityEvent?
    /// `aps.dismissal-date`: when an ended Live Activity is removed, in UNIX seconds.
    public var dismissalDate: Double?
    /// `aps.attributes-type`: the attributes struct's name, for a Live Activity push-to-start.
    public var attributesType: String?
    /// `aps.attributes`: the attribute data of a Live Activity push-to-start.
    public var attributes: [String: PropertyValue]?
    /// `aps.content-changed`: a widget or control push asking for a reload.
    public var contentChanged = false
    /// `aps.input-push-token`: 1 asks a push-to-start Live Activity for its update token (iOS 18).
    public var inputPushToken = false
    /// `aps.input-push-channel`: the broadcast channel a push-to-start Live Activity subscribes to.
    public var inputPushChannel: String?

    /// Creates an `aps` dictionary from its parts, every key absent (or 0 for the two flags) by
    /// default; not checked (`PayloadDecoder` checks JSON).
    public init(
        alert: PayloadAlert? = nil, badge: Int? = nil, sound: NotificationSound? = nil, threadID: String? = nil,
        category: String? = nil, contentAvailable: Bool = false, mutableContent: Bool = false,
        targetContentID: String? = nil, interruptionLevel: InterruptionLevel? = nil, relevanceScore: Double? = nil,
        filterCriteria: String? = nil, staleDate: Double? = nil, contentState: [String: PropertyValue]? = nil,
        timestamp: Double? = nil, event: LiveActivityEvent? = nil, dismissalDate: Double? = nil,
        attributesType: String? = nil, attributes: [String: PropertyValue]? = nil
    ) {
        self.alert = alert
        self.badge = badge
        self.sound = sound
        self.threadID = threadID
        self.category = category
        self.contentAvailable = contentAvailable
        self.mutableContent = mutableContent
        self.targetContentID = targetContentID
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.filterCriteria = filterCriteria
        self.staleDate = staleDate
        self.contentState = contentState
        self.timestamp = timestamp
        self.event = event
        self.dismissalDate = dismissalDate
        self.attributesType = attributesType
        self.attributes = attributes
    }

    /// Every key Apple documents for `aps` (including Live Activity keys).
    public static let knownKeys: [String] = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes", "content-changed",
        "input-push-token", "input-push-channel",
    ]

    /// The keys of what the user sees or hears that are set, in this order: `alert`, `badge`, `sound`.
    public var visibleKeys: [String] {
        [("alert", alert != nil), ("badge", badge != nil), ("sound", sound != nil)].filter(\.1).map(\.0)
    }

    /// Whether the push shows or sounds something for the user: an alert, a badge or a sound.
    public var isUserVisible: Bool { alert != nil || badge != nil || sound != nil }

    /// Whether this is a Live Activity push (`event` or `content-state` present).
    public var isLiveActivity: Bool { event != nil || contentState != nil }

    var jsonValue: PropertyValue {
        var members: [String: PropertyValue] = [:]
        members["alert"] = alert?.jsonValue
        members["badge"] = badge.map(PropertyValue.integer)
        members["sound"] = sound?.jsonValue
        members["thread-id"] = threadID.map(PropertyValue.string)
        members["category"] = category.map(PropertyValue.string)
        if contentAvailable { members["content-available"] = .integer(1) }
        if mutableContent { members["mutable-content"] = .integer(1) }
        members["target-content-id"] = targetContentID.map(PropertyValue.string)
        members["interruption-level"] = interruptionLevel.map { .string($0.rawValue) }
        members["relevance-score"] = relevanceScore.map(PropertyValue.real)
        members["filter-criteria"] = filterCriteria.map(PropertyValue.string)
        members["stale-date"] = staleDate.map(PropertyValue.real)
        members["content-state"] = contentState.map(PropertyValue.dictionary)
        members["timestamp"] = timestamp.map(PropertyValue.real)
        members["event"] = event.map { .string($0.rawValue) }
        members["dismissal-date"] = dismissalDate.map(PropertyValue.real)
        members["attributes-type"] = attributesType.map(PropertyValue.string)
        members["attributes"] = attributes.map(PropertyValue.dictionary)
        if contentChanged { members["content-changed"] = .boolean(true) }
        if inputPushToken { members["input-push-token"] = .integer(1) }
        members["input-push-channel"] = inputPushChannel.map(PropertyValue.string)
        return .dictionary(members)
    }
}
