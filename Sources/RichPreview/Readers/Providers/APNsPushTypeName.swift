/// Every `apns-push-type` Apple documents, with the suffix its `apns-topic` takes after the
/// bundle id ("" for none; nil for `mdm`, whose topic comes from the MDM certificate).
enum APNsPushTypeName {
    static let topicSuffixes: [String: String?] = [
        "alert": "", "background": "", "location": ".location-query", "voip": ".voip",
        "complication": ".complication", "fileprovider": ".pushkit.fileprovider", "mdm": nil,
        "liveactivity": ".push-type.liveactivity", "pushtotalk": ".voip-ptt", "widgets": ".push-type.widgets",
        "controls": ".push-type.controls",
    ]

    /// The push type `topic` names by its suffix (`alert` for a bare bundle id).
    static func pushType(ofTopic topic: String) -> String {
        topicSuffixes.first { entry in
            guard let suffix = entry.value, !suffix.isEmpty else { return false }
            return topic.hasSuffix(suffix)
        }?.key ?? "alert"
    }
}
