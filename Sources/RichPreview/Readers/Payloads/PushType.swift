/// The `apns-push-type` a payload is sent with: it sets the size limit, the topic's suffix and what
/// the payload should hold.
public enum PushType: String, Sendable, CaseIterable, Codable {
    /// A notification the user sees: alert, sound or badge.
    case alert
    /// A silent push (`content-available: 1`) that wakes the app.
    case background
    /// A Live Activity's start, update or end (ActivityKit).
    case liveactivity
    /// A widget reload (`{"aps": {"content-changed": true}}`, iOS 26).
    case widgets
    /// A control reload (`{"aps": {"content-changed": true}}`, iOS 18).
    case controls
    /// A location query, sent to the location-push token.
    case location
    /// A PushKit VoIP push: always silent for iOS, the app decides what to show.
    case voip
    /// A Push to Talk push (PushToTalk framework).
    case pushtotalk
    /// A watchOS complication update.
    case complication
    /// A File Provider change.
    case fileprovider
    /// A device-management push.
    case mdm

    /// Whether the payload is handed to the app, one of its extensions or the device rather than
    /// shown by iOS (VoIP, Push to Talk, location, complication, File Provider, MDM), so that `aps`
    /// may be empty or absent.
    public var isForTheAppAlone: Bool {
        [.voip, .pushtotalk, .location, .complication, .fileprovider, .mdm].contains(self)
    }

    /// The most UTF-8 bytes APNs accepts for the JSON of this push type: 4096, or 5120 for VoIP.
    public var payloadLimit: Int {
        self == .voip ? 5120 : 4096
    }

    /// What `apns-topic` adds after the bundle id for this push type ("" for none); nil for `mdm`,
    /// whose topic comes from the MDM certificate.
    public var topicSuffix: String? {
        switch self {
        case .alert, .background: ""
        case .liveactivity: ".push-type.liveactivity"
        case .widgets: ".push-type.widgets"
        case .controls: ".push-type.controls"
        case .location: ".location-query"
        case .voip: ".voip"
        case .pushtotalk: ".voip-ptt"
        case .complication: ".complication"
        case .fileprovider: ".pushkit.fileprovider"
        case .mdm: nil
        }
    }

    /// The push type a topic's suffix names (`alert` for a bare bundle id).
    static func named(byTopic topic: String) -> PushType {
        allCases.first { type in
            guard let suffix = type.topicSuffix, !suffix.isEmpty else { return false }
            return topic.hasSuffix(suffix)
        } ?? .alert
    }

    /// The push type a payload sent without one is taken for: `liveactivity` for Live Activity
    /// keys, `widgets` for `content-changed`, `background` for a silent push, else `alert`.
    static func inferred(from payload: APNsPayload?) -> PushType {
        guard let aps = payload?.aps else { return payload?.isSilent == true ? .background : .alert }
        if aps.isLiveActivity { return .liveactivity }
        if aps.contentChanged { return .widgets }
        return payload?.isSilent == true ? .background : .alert
    }
}
