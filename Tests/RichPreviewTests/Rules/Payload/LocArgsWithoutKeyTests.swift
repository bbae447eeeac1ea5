import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `LocArgsWithoutKey`: a case that triggers the rule and a near miss that must not.
struct LocArgsWithoutKeyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": {"body": "x", "loc-args": ["a"]}}}"#])
        let findings = fixture.findings("loc-args-without-key")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "push.json": #"{"aps": {"alert": {"loc-key": "GREETING %@", "loc-args": ["a"]}}}"#
        ])
        #expect(fixture.findings("loc-args-without-key").isEmpty, "\(fixture.findings("loc-args-without-key"))")
    }
}
