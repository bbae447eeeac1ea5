/// Where each provider takes the image it hands to iOS, for messages that name it.
enum ProviderImageField {
    /// The message field that gives iOS an image, in `provider`'s format.
    static func iOSField(_ provider: PushProvider) -> String? {
        switch provider {
        case .fcm: "message.apns.fcm_options.image"
        case .expo: "richContent.image"
        case .onesignal: "ios_attachments"
        case .airship: "notification.ios.media_attachment.url"
        case .braze: "apple_push.asset_url"
        case .apns, .request: nil
        }
    }

    /// The message field that sets `mutable-content: 1`, in `provider`'s format.
    static func mutableContentField(_ provider: PushProvider) -> String? {
        switch provider {
        case .fcm: "message.apns.payload.aps.mutable-content"
        case .expo: "mutableContent"
        case .onesignal: "mutable_content"
        case .airship: "notification.ios.mutable_content"
        case .braze: "apple_push.mutable_content"
        case .apns, .request: "payload.aps.mutable-content"
        }
    }
}
