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

/// One field of a provider's message beside a minimal message, and the APNs request the provider
/// documents for the two.
struct FieldMapping: CustomTestStringConvertible, Sendable {
    /// The field (or fields) as JSON members, without braces.
    var fields: String
    /// The whole APNs payload expected, as JSON.
    var payload: String
    /// The headers expected.
    var headers = PushHeaders()

    var testDescription: String { fields }

    /// Reads `{base, fields}` and compares its request with the expected one.
    func check(base: String) throws {
        let (request, payload, findings) = try ProviderMapping.request("{\(base), \(fields)}")
        #expect(payload == (try ProviderMapping.value(self.payload)), "\(fields)")
        #expect(request.headers == headers, "\(fields)")
        #expect(!findings.contains { $0.rule == "provider-message-invalid" }, "\(findings)")
    }
}

extension Finding {
    /// `file-name:key.path`, for comparing the findings of a fixture of several files.
    var placeInFixture: String {
        "\(URL(fileURLWithPath: file ?? "").lastPathComponent):\(keyPath ?? "")"
    }
}
