import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ProviderMappingAssumed`: an expiration counted from the send time is said; a fixed one is not.
struct ProviderMappingAssumedTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "ttl": 60}"#
        ])
        let findings = fixture.findings("provider-mapping-assumed")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .note)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "expiration": 1800000000}"#
        ])
        #expect(fixture.findings("provider-mapping-assumed").isEmpty)
    }
}
