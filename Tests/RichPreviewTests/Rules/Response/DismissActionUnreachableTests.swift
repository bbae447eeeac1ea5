import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `DismissActionUnreachable`: a case that triggers the rule and a near miss that must not.
struct DismissActionUnreachableTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Register.swift": Samples.swiftRegistration(["a"]),
            "Handler.swift":
                #"func h(_ r: UNNotificationResponse) { if r.actionIdentifier == UNNotificationDismissActionIdentifier { print("gone") } }"#,
        ])
        let findings = fixture.findings("dismiss-action-unreachable")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.file == fixture.path("Handler.swift") && findings.first?.severity == .warning)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Register.swift": Samples.swiftRegistration(["a"], options: ".customDismissAction"),
            "Handler.swift":
                #"func h(_ r: UNNotificationResponse) { if r.actionIdentifier == UNNotificationDismissActionIdentifier { print("gone") } }"#,
        ])
        #expect(
            fixture.findings("dismiss-action-unreachable").isEmpty, "\(fixture.findings("dismiss-action-unreachable"))")
    }
}
