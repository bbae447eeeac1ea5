import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `TooManyActions`: a case that triggers the rule and a near miss that must not.
struct TooManyActionsTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "three.json": Samples.manifest(["three"], actions: 3), "five.json": Samples.manifest(["five"], actions: 5),
        ])
        let findings = fixture.findings("too-many-actions")
        #expect(findings.count == 2, "\(findings)")
        #expect(Set(findings.map(\.severity)) == [.note, .warning])
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["two.json": Samples.manifest(["two"], actions: 2)])
        #expect(fixture.findings("too-many-actions").isEmpty, "\(fixture.findings("too-many-actions"))")
    }
}
