import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SizeRatioInvalid`: a case that triggers the rule and a near miss that must not.
struct SizeRatioInvalidTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "A/Info.plist": Samples.content(["a"], ratio: "<integer>-1</integer>"),
            "B/Info.plist": Samples.content(["b"], ratio: "<string>0.5</string>"),
            "C/Info.plist": Samples.content(["c"], ratio: "<integer>0</integer>"),
        ])
        let findings = fixture.findings("size-ratio-invalid").sorted { ($0.file ?? "") < ($1.file ?? "") }
        #expect(findings.count == 3, "\(findings)")
        // Negative: an error; a string: a warning; 0, the initial size of an extension that sets
        // preferredContentSize: a note.
        #expect(findings.map(\.severity) == [.error, .warning, .note])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["A/Info.plist": Samples.content(["a"], ratio: "<integer>1</integer>")])
        #expect(fixture.findings("size-ratio-invalid").isEmpty, "\(fixture.findings("size-ratio-invalid"))")
    }
}
