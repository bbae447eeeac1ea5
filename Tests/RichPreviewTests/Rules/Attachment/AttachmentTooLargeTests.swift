import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `AttachmentTooLarge`: a case that triggers the rule and a near miss that must not.
struct AttachmentTooLargeTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "big.png"}"#],
            data: [
                "big.png": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))
                    + Data(count: 10_000_001 - 567)
            ])
        let findings = fixture.findings("attachment-too-large")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "big.png"}"#],
            data: ["big.png": try Data(contentsOf: TestPaths.packageFile("Resources/attachments/sample-badge.png"))])
        #expect(fixture.findings("attachment-too-large").isEmpty, "\(fixture.findings("attachment-too-large"))")
    }
}
