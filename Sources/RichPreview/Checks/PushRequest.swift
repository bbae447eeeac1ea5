import Foundation

/// One APNs request as it is sent: the headers and the payload's bytes.
public struct PushRequest: Sendable, Hashable {
    /// The request's headers, as given (APNs' defaults apply to those not given).
    public var headers: PushHeaders
    /// The payload's JSON, exactly as APNs receives it.
    public var payload: Data

    /// A request of `payload` with `headers`.
    public init(headers: PushHeaders = PushHeaders(), payload: Data) {
        self.headers = headers
        self.payload = payload
    }
}

extension PushRequest {
    /// Checks the request as APNs and iOS take it: every payload and header rule on its payload sent
    /// with its headers (the push type, the topic's suffix, the priority, the expiration, the
    /// collapse id, the size limit of the push type), the topic compared with `bundleID` when it is
    /// given. `file` names the request in findings. Never throws: problems are in the report.
    public func check(bundleID: String? = nil, file: String = Finding.inMemoryFile) -> PayloadReport {
        var decoder = PayloadDecoder(provider: .apns)
        decoder.headers = headers
        decoder.bundleID = bundleID
        return decoder.check(payload, file: file)
    }
}
