/// The `apns-push-type` a payload is sent with; it sets the size limit and what the payload should hold.
public enum PushType: String, Sendable, CaseIterable, Codable {
    /// A notification the user sees: alert, sound or badge.
    case alert
    /// A silent push (`content-available: 1`) that wakes the app.
    case background
    /// A PushKit VoIP push: always silent for iOS, the app decides what to show.
    case voip

    /// The most UTF-8 bytes APNs accepts for the JSON of this push type: 4096, or 5120 for VoIP.
    public var payloadLimit: Int {
        switch self {
        case .alert, .background: 4096
        case .voip: 5120
        }
    }
}
