import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `BuildVariableUnresolved`: a case that triggers the rule and a near miss that must not.
struct BuildVariableUnresolvedTests {
    @Test func triggers() throws {
        let fixture = try LintFixture(["Ext/Info.plist": Samples.content(["$(CATEGORY_PREFIX).image"])])
        let findings = fixture.findings("build-variable-unresolved")
        #expect(findings.count == 1, "\(findings)")
        #expect(
            findings.first?.severity == .error
                && findings.first?.keyPath == "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture(
            ["Ext/Info.plist": Samples.content(["$(CATEGORY_PREFIX).image"])],
            configuration: LintConfiguration(variables: BuildVariables(["CATEGORY_PREFIX": "com.example"])))
        #expect(
            fixture.findings("build-variable-unresolved").isEmpty, "\(fixture.findings("build-variable-unresolved"))")
    }
}
