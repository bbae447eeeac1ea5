import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `MutableContentNoServiceExtension`: a case that triggers the rule and a near miss that must not.
struct MutableContentNoServiceExtensionTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "App/Info.plist": Samples.app(modes: []),
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "https://cdn.example/a.jpg"}"#,
        ])
        let findings = fixture.findings("mutable-content-no-service-extension")
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .warning)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "App/Info.plist": Samples.app(modes: []), "Service/Info.plist": Samples.service,
            "push.json": #"{"aps": {"alert": "x", "mutable-content": 1}, "image": "https://cdn.example/a.jpg"}"#,
        ])
        #expect(
            fixture.findings("mutable-content-no-service-extension").isEmpty,
            "\(fixture.findings("mutable-content-no-service-extension"))")
    }
}
