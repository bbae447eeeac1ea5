import Foundation

/// A push as a provider message describes it (an FCM, Expo, OneSignal, Airship or Braze body; a
/// request file; a payload written as such): the APNs requests the provider sends for it and what
/// checking them found, placed in the message itself.
public struct ProviderMessage: Sendable {
    /// The format the message was read in.
    public var provider: PushProvider
    /// The APNs requests it becomes, in order: one, or one per message of an array.
    public var requests: [PushRequest]
    /// What every payload and provider rule found, at the keys of the message.
    public var findings: [Finding]

    /// Reads `data` as `provider`'s message (nil: recognised by its shape), texts in `language`
    /// (nil: the first a message gives), naming it `file` in findings.
    /// - Throws: `PayloadError` when `data` is not a message the provider would take (not JSON,
    ///   no provider's shape, a field of the wrong type), holding the first such error.
    public static func decode(
        _ data: Data, provider: PushProvider? = nil, language: String? = nil, file: String = Finding.inMemoryFile
    ) throws(PayloadError) -> ProviderMessage {
        let decoder = PayloadDecoder(provider: provider, language: language)
        let document = decoder.read(data, file: file)
        let report = decoder.report(for: document)
        let refusals: Set<String> = [Rules.PayloadUnreadable.descriptor.id, Rules.ProviderMessageInvalid.descriptor.id]
        // Unread bytes refuse with their first error; a read message, with a provider's refusal.
        let refusal =
            document.readFailure != nil ? report.errors.first : report.errors.first { refusals.contains($0.rule) }
        if let refusal {
            throw PayloadError(finding: refusal, findings: report.findings)
        }
        let requests = ([document] + document.siblings).compactMap { each in
            each.apnsBytes.map { PushRequest(headers: each.headers, payload: $0) }
        }
        return ProviderMessage(provider: report.provider, requests: requests, findings: report.findings)
    }
}
