import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `SourceUnresolved`: a case that triggers the rule and a near miss that must not.
struct SourceUnresolvedTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "App.swift":
                #"func id() -> String { "a" }\#nlet c = UNNotificationCategory(identifier: id(), actions: [], intentIdentifiers: [], options: [])\#nfunc r() { UNUserNotificationCenter.current().setNotificationCategories([c]) }"#
        ])
        let findings = fixture.findings("source-unresolved")
        #expect(findings.allSatisfy { $0.severity == .note } && !findings.isEmpty)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(["App.swift": Samples.swiftRegistration(["a"])])
        #expect(fixture.findings("source-unresolved").isEmpty, "\(fixture.findings("source-unresolved"))")
    }
}
