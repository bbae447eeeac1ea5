import Foundation
import RichPreview

/// `POST /v1/check`: a payload, an APNs request file (`{"headers": {...}, "payload": {...}}`), a
/// curl command or a provider's message (FCM, Expo, OneSignal, Airship, Braze; `?provider=` names
/// the format, `?language=` picks the texts), checked as `payload --json` checks a file (the
/// send-time check, `PayloadDecoder.preflight`), with the request APNs would receive when it is
/// valid. 200 either way: `valid` says.
struct CheckEndpoint: Sendable {
    /// The answer: the report `payload --json` gives, and for a valid payload what is sent.
    struct Answer: Encodable {
        var report: PayloadFileReport
        var apns: APNsRequest?
    }

    /// What APNs receives: the headers (the push type as checked) and the payload's bytes.
    struct APNsRequest: Encodable {
        var headers: [String: String]
        var payload: String
        var bytes: Int
    }

    func answer(_ request: ServerRequest) throws(EndpointError) -> ServerResponse {
        let body = request.body
        guard !body.isEmpty else { throw .badRequest("the body is empty: send a payload") }
        var decoder = PayloadDecoder()
        if let name = request.arguments("provider").last {
            guard let provider = PushProvider(rawValue: name) else {
                throw .badRequest(
                    "provider '\(name)' is not one of \(PushProvider.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            decoder.provider = provider
        }
        decoder.language = request.arguments("language").last
        let report = decoder.preflight(body)
        var answer = Answer(report: PayloadFileReport(report))
        if report.isValid, let bytes = report.apnsPayload {
            var headers: [String: String] = [:]
            let given = report.headers
            headers["apns-topic"] = given.topic
            headers["apns-priority"] = given.priority.map(String.init)
            headers["apns-expiration"] = given.expiration.map(String.init)
            headers["apns-collapse-id"] = given.collapseID
            headers["apns-id"] = given.id
            headers["apns-channel-id"] = given.channelID
            headers["apns-push-type"] = report.pushType.rawValue
            answer.apns = APNsRequest(
                headers: headers, payload: String(decoding: bytes, as: UTF8.self), bytes: bytes.count)
        }
        return .json(answer)
    }
}
