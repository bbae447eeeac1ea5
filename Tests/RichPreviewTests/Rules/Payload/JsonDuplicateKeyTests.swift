import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `JsonDuplicateKey`: a case that triggers the rule and a near miss that must not.
struct JsonDuplicateKeyTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "push.json": #"""
            {"aps": {"alert": "x"},
             "aps": {"badge": 1}}
            """#
        ])
        let findings = fixture.findings("json-duplicate-key")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.line == 2 && findings.first?.column == 2 && findings.first?.keyPath == "aps")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["push.json": #"{"aps": {"alert": "x", "badge": 1}}"#])
        #expect(fixture.findings("json-duplicate-key").isEmpty, "\(fixture.findings("json-duplicate-key"))")
    }
}
