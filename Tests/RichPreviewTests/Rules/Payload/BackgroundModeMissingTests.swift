import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BackgroundModeMissing`: a case that triggers the rule and a near miss that must not.
struct BackgroundModeMissingTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "App/Info.plist": Samples.app(modes: ["audio"]), "silent.json": #"{"aps": {"content-available": 1}}"#,
        ])
        let findings = fixture.findings("background-mode-missing")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.file == fixture.path("App/Info.plist") && findings.first?.line == 8)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "App/Info.plist": Samples.app(modes: ["remote-notification"]),
            "silent.json": #"{"aps": {"content-available": 1}}"#,
        ])
        #expect(fixture.findings("background-mode-missing").isEmpty, "\(fixture.findings("background-mode-missing"))")
    }
}
