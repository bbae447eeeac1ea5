import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SizeRatioInvalid`: a case that triggers the rule and a near miss that must not.
struct SizeRatioInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "A/Info.plist": Samples.content(["a"], ratio: "<integer>0</integer>"),
            "B/Info.plist": Samples.content(["b"], ratio: "<string>0.5</string>"),
        ])
        let findings = fixture.findings("size-ratio-invalid")
        #expect(findings.count == 2, "\(findings)")
        #expect(Set(findings.map(\.severity)) == [.error, .warning])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["A/Info.plist": Samples.content(["a"], ratio: "<integer>1</integer>")])
        #expect(fixture.findings("size-ratio-invalid").isEmpty, "\(fixture.findings("size-ratio-invalid"))")
    }
}
