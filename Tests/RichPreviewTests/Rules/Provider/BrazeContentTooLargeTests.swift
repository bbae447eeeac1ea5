import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BrazeContentTooLarge`: Braze's 1912 bytes for the alert, extra and the other fields, over and
/// under, the image's `ab` data not counted.
struct BrazeContentTooLargeTests {
    @Test func triggers() throws {
        let text = String(repeating: "x", count: 1900)
        let fixture = try LintFixture([
            "push.json": #"{"messages": {"apple_push": {"alert": "A", "extra": {"story": "\#(text)"}}}}"#
        ])
        let findings = fixture.findings("braze-content-too-large")
        #expect(findings.map(\.keyPath) == ["messages.apple_push"], "\(findings)")
        #expect(findings.first?.line == 1)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let text = String(repeating: "x", count: 1800)
        let fixture = try LintFixture([
            "push.json":
                #"{"messages": {"apple_push": {"alert": "A", "extra": {"story": "\#(text)"}, "asset_url": "https://cdn.example/\#(text).png", "asset_file_type": "png"}}}"#
        ])
        #expect(fixture.findings("braze-content-too-large").isEmpty)
    }
}
