/// An APNs request written as a file: `{"headers": {"apns-push-type": "alert", …}, "payload":
/// {"aps": …}}`, what `payload --to apns` prints. The headers are APNs' own, the payload sent as is.
/// A payload without `aps` is a request only beside its headers: a Push to Talk or VoIP push may
/// carry the app's keys alone, and the payload rules then say whether its push type allows it.
enum APNsRequestFile: ProviderFormat {
    static let provider = PushProvider.request
    static let typicalKeys: Set<String> = ["headers", "payload"]

    static func mismatch(_ root: [String: PropertyValue]) -> String? {
        guard case .dictionary(let payload)? = root["payload"] else {
            return "a request file needs a 'payload' object"
        }
        guard Set(root.keys).isSubset(of: typicalKeys), payload["aps"] != nil || root["headers"] != nil else {
            return "a request file holds 'headers' and a 'payload' (with 'aps' unless beside its headers), nothing else"
        }
        return nil
    }

    static func map(_ root: [String: PropertyValue], into message: inout MappedMessage, language: String?) {
        if let headers = message.dictionary(root["headers"], at: "headers") {
            message.headers(headers, from: "headers")
        }
        if let payload = root["payload"] { message.merge(payload, at: [], from: "payload") }
        message.origins[""] = message.path("payload")
    }
}
