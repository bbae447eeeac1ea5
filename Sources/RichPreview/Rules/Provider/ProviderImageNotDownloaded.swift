import Foundation

extension Rules {
    /// An image URL the provider's own iOS service-extension helper will not download, or will save
    /// under a name iOS refuses: OneSignal's and Braze's file-type lists, Braze's declared type,
    /// and the `.jpg` name Expo's example extension gives every image.
    public enum ProviderImageNotDownloaded: PayloadRule {
        /// This rule's id (`provider-image-not-downloaded`), default severity (warning), area
        /// (provider) and summary.
        public static let descriptor = RuleDescriptor(
            id: "provider-image-not-downloaded", severity: .warning, area: .provider,
            summary:
                "An image the provider's iOS helper will not download or saves under a name iOS refuses: a type outside OneSignal's or Braze's list, a Braze asset_file_type that disagrees with the URL, a URL that is not http(s).",
            causes: [savedAsJPEG])

        /// Expo's example service extension names every download `.jpg`: a note, since the
        /// extension is the app's own code, which may differ from the example.
        static let savedAsJPEG = RuleDescriptor.Cause(
            id: "saved-as-jpg", severity: .note,
            summary:
                "An Expo richContent.image that is not a JPEG: Expo's example service extension saves every image as .jpg, which iOS refuses for PNG or GIF bytes."
        )

        /// File types OneSignal's service-extension handler keeps (`ONESIGNAL_SUPPORTED_ATTACHMENT_TYPES`).
        static let oneSignalTypes: Set<String> = [
            "aiff", "wav", "mp3", "mp4", "jpg", "jpeg", "png", "gif", "mpeg", "mpg", "avi", "m4a", "m4v",
        ]

        /// Extensions of image, audio and movie files, so that a URL ending `.php` says nothing.
        static let mediaExtensions: Set<String> = oneSignalTypes.union([
            "aif", "webp", "heic", "heif", "bmp", "tif", "tiff", "svg", "avif", "mov", "m4v", "3gp", "ogg", "flac",
            "aac", "caf", "ico",
        ])

        static func check(_ payload: PayloadDocument) -> [Finding] {
            guard let message = payload.message else { return [] }
            let place = { (apnsPath: String) in payload.origins.origin(of: apnsPath) }
            switch message.provider {
            case .onesignal: return message.iOSImages.flatMap { oneSignal($0.url, keyPath: place($0.keyPath), payload) }
            case .braze: return braze(message, place, payload)
            case .expo: return message.iOSImages.flatMap { expo($0.url, keyPath: place($0.keyPath), payload) }
            case .fcm, .airship, .apns, .request: return []
            }
        }

        /// The lower-cased extension of `url`'s path, when it is a media file's.
        static func mediaExtension(_ url: URLComponents) -> String? {
            let name = url.path.split(separator: "/").last.map(String.init) ?? ""
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            let found = name[name.index(after: dot)...].lowercased()
            return mediaExtensions.contains(found) ? found : nil
        }

        /// OneSignal's handler downloads http(s) values, naming the file from a `filename=` query
        /// item, else the response's MIME type, else the URL's extension; a type outside its list is
        /// dropped. Any other value is the name of a file in the app bundle.
        static func oneSignal(_ value: String, keyPath: String?, _ payload: PayloadDocument) -> [Finding] {
            guard let url = URLComponents(string: value), let scheme = url.scheme?.lowercased() else { return [] }
            guard scheme == "http" || scheme == "https" else {
                return [
                    Finding(
                        rule: descriptor,
                        message:
                            "OneSignal's service extension downloads http(s) URLs only; '\(scheme):' is taken as the name of a file in the app's bundle, which it is not",
                        file: payload.file, keyPath: keyPath)
                ]
            }
            let named = url.queryItems?.first { $0.name == "filename" }?.value.flatMap {
                URLComponents(string: $0).flatMap(mediaExtension)
            }
            guard let type = named ?? mediaExtension(url), !oneSignalTypes.contains(type) else { return [] }
            return [
                Finding(
                    rule: descriptor,
                    message:
                        "OneSignal's service extension keeps only \(oneSignalTypes.sorted().joined(separator: ", ")) files; a .\(type) is dropped and the notification shows no image",
                    file: payload.file, keyPath: keyPath)
            ]
        }

        /// Braze's extension downloads `ab.att.url` and names the file with `ab.att.type`, which must
        /// be one of Braze's types and the file's own.
        static func braze(
            _ message: MappedMessage, _ place: (String) -> String?, _ payload: PayloadDocument
        ) -> [Finding] {
            guard let image = message.iOSImages.first else { return [] }
            let typePath = place("ab.att.type")
            var findings: [Finding] = []
            let url = URLComponents(string: image.url)
            let scheme = url?.scheme?.lowercased()
            if scheme != "https" && scheme != "http" {
                findings.append(
                    Finding(
                        rule: descriptor,
                        message: "Braze's service extension downloads asset_url, which is not an http(s) URL",
                        file: payload.file, keyPath: place(image.keyPath)))
            }
            guard case .string(let type)? = message.member(at: ["ab", "att", "type"]) else { return findings }
            if !BrazeMessage.assetFileTypes.contains(type) {
                findings.append(
                    Finding(
                        rule: descriptor,
                        message:
                            "Braze's asset_file_type is one of \(BrazeMessage.assetFileTypes.sorted().joined(separator: ", ")), not '\(type)'",
                        file: payload.file, keyPath: typePath))
            } else if let found = url.flatMap(mediaExtension), found != type, !(found == "jpeg" && type == "jpg"),
                !(found == "aiff" && type == "aif")
            {
                findings.append(
                    Finding(
                        rule: descriptor,
                        message:
                            "asset_file_type '\(type)' names the download .\(type), but the URL is a .\(found) file: iOS refuses an attachment whose name disagrees with its bytes",
                        file: payload.file, keyPath: typePath, suggestion: found == "jpeg" ? "jpg" : found))
            }
            return findings
        }

        /// Expo's example extension saves every `richContent.image` as `.jpg`.
        static func expo(_ value: String, keyPath: String?, _ payload: PayloadDocument) -> [Finding] {
            guard let type = URLComponents(string: value).flatMap(mediaExtension), type != "jpg", type != "jpeg"
            else { return [] }
            return [
                Finding(
                    rule: descriptor, cause: savedAsJPEG,
                    message:
                        "a .\(type) image: Expo's example service extension saves every image as .jpg, which iOS refuses for other bytes; an extension that keeps the URL's extension shows it",
                    file: payload.file, keyPath: keyPath)
            ]
        }
    }
}
