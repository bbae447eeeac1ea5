import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CollapseIdTooLong`: a collapse id over 64 bytes from a provider's field, and one of 64.
struct CollapseIdTooLongTests {
    @Test func triggers() throws {
        let id = String(repeating: "é", count: 33)
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "collapseId": "\#(id)"}"#
        ])
        let findings = fixture.findings("collapse-id-too-long")
        #expect(findings.map(\.keyPath) == ["collapseId"], "\(findings)")
        #expect(findings.first?.message.contains("66 bytes") == true)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let id = String(repeating: "é", count: 32)
        let fixture = try LintFixture([
            "push.json": #"{"to": "ExponentPushToken[a]", "title": "T", "collapseId": "\#(id)"}"#
        ])
        #expect(fixture.findings("collapse-id-too-long").isEmpty)
    }
}
