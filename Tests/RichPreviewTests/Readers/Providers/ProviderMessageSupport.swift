import Foundation
import RichPreview
import Testing

/// Reads a provider message and compares what it sends with the APNs request its provider
/// documents.
enum ProviderMapping {
    /// The one request `json` becomes, with its findings.
    static func request(_ json: String, provider: PushProvider? = nil, language: String? = nil) throws -> (
        request: PushRequest, payload: PropertyValue, findings: [Finding]
    ) {
        let message = try ProviderMessage.decode(Data(json.utf8), provider: provider, language: language)
        let request = try #require(message.requests.first)
        return (request, try JSONDecoder().decode(PropertyValue.self, from: request.payload), message.findings)
    }

    /// `json` read as JSON, for the expected side.
    static func value(_ json: String) throws -> PropertyValue {
        try JSONDecoder().decode(PropertyValue.self, from: Data(json.utf8))
    }
}

/// A payload that is not a JSON object where the test needs one.
struct PayloadShapeError: Error {}
