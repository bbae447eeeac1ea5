/// Who a push is sent through: straight to APNs, or a provider whose own message format becomes
/// the APNs request it sends.
public enum PushProvider: String, Sendable, CaseIterable, Codable {
    /// A raw APNs payload, as Apple documents it.
    case apns
    /// An APNs request file: `{"headers": {...}, "payload": {...}}`.
    case request
    /// Firebase Cloud Messaging: the HTTP v1 `{"message": {...}}` body, or the legacy HTTP body.
    case fcm
    /// Expo's push service: one message object or an array of them.
    case expo
    /// OneSignal's create-notification body.
    case onesignal
    /// Airship's push object.
    case airship
    /// Braze's `messages/send` body, or its `apple_push` object alone.
    case braze

    /// The provider's name as its documentation writes it.
    public var displayName: String {
        switch self {
        case .apns: "APNs"
        case .request: "APNs request"
        case .fcm: "FCM"
        case .expo: "Expo"
        case .onesignal: "OneSignal"
        case .airship: "Airship"
        case .braze: "Braze"
        }
    }

    /// "a" or "an", as the display name is read aloud ("an FCM", "an Expo", "a OneSignal").
    public var article: String {
        switch self {
        case .apns, .request, .fcm, .expo, .airship: "an"
        case .onesignal, .braze: "a"
        }
    }
}
