import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ProviderMessageInvalid`: a provider's field of the wrong type; the same message written right.
struct ProviderMessageInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": ["T"], "badge": "two"}"#
        ])
        let findings = fixture.findings("provider-message-invalid")
        #expect(findings.map(\.keyPath) == ["title", "badge"], "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "badge": 2}"#
        ])
        #expect(fixture.findings("provider-message-invalid").isEmpty)
    }
}
