extension Rules {
    /// A provider message whose image only Android shows: nothing in it reaches iOS's service
    /// extension, so iOS shows the text alone.
    public enum ImageAndroidOnly: PayloadRule {
        /// This rule's id (`image-android-only`), default severity (warning), area (provider) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "image-android-only", severity: .warning, area: .provider,
            summary:
                "A provider message with an image for Android only (android.notification.image, big_picture): iOS shows the text without it."
        )

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message, message.iOSImages.isEmpty, payload.attachmentURLs.isEmpty else {
                return []
            }
            return payload.placedAtMessageKeys(
                message.androidImages.map {
                    Finding(
                        rule: descriptor,
                        message:
                            "an image for Android only: \(message.provider.displayName) gives iOS no image, so iOS shows the text without it",
                        file: payload.file, keyPath: $0.keyPath, suggestion: message.iOSImageField)
                })
        }
    }
}
