import Foundation
import RichPreview

/// `POST /v1/check`: a payload, or a push request `{"headers": {...}, "payload": {...}}`, checked
/// as `payload --json` checks a file (the send-time check, `PayloadDecoder.preflight`), with the
/// bytes APNs would receive when it is valid. 200 either way: `valid` says.
struct CheckEndpoint: Sendable {
    /// The answer: the report `payload --json` gives, and for a valid payload what is sent.
    struct Answer: Encodable {
        var report: PayloadFileReport
        var apns: APNsRequest?
    }

    /// What APNs receives: the headers given (the push type as checked) and the payload's bytes.
    struct APNsRequest: Encodable {
        var headers: [String: String]
        var payload: String
        var bytes: Int
    }

    func answer(_ request: ServerRequest) throws(EndpointError) -> ServerResponse {
        let body = request.body
        guard !body.isEmpty else { throw .badRequest("the body is empty: send a payload") }
        let split = try Self.split(body)
        let payload = split.payload
        var headers = split.headers
        var decoder = PayloadDecoder()
        if let type = headers["apns-push-type"] {
            guard let pushType = PushType(rawValue: type) else {
                throw .badRequest(
                    "apns-push-type '\(type)' is not one of \(PushType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            decoder.pushType = pushType
        }
        let report = decoder.preflight(payload)
        var answer = Answer(report: PayloadFileReport(report))
        if let decoded = report.payload, !report.findings.contains(where: { $0.severity == .error }),
            let encoded = try? decoder.encode(decoded)
        {
            headers["apns-push-type"] = report.pushType.rawValue
            answer.apns = APNsRequest(
                headers: headers, payload: String(decoding: encoded.data, as: UTF8.self), bytes: encoded.data.count)
        }
        return .json(answer)
    }

    /// The payload's bytes and the headers: a body that is an object with `headers` and
    /// `payload` and no `aps` is a push request (its payload re-encoded as JSON); anything else
    /// is the payload itself, checked as sent.
    static func split(_ body: Data) throws(EndpointError) -> (payload: Data, headers: [String: String]) {
        guard
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            object["aps"] == nil, object.keys.contains("headers"), let payload = object["payload"]
        else { return (body, [:]) }
        guard let given = object["headers"] as? [String: Any] else {
            throw .badRequest("headers must be an object of header names and values")
        }
        var headers: [String: String] = [:]
        for (name, value) in given {
            switch value {
            case let text as String: headers[name.lowercased()] = text
            case let number as NSNumber: headers[name.lowercased()] = number.stringValue
            default: throw .badRequest("header '\(name)' must be a string or a number")
            }
        }
        guard JSONSerialization.isValidJSONObject(payload),
            let data = try? JSONSerialization.data(withJSONObject: payload, options: [.withoutEscapingSlashes])
        else { throw .badRequest("payload must be a JSON object") }
        return (data, headers)
    }
}
