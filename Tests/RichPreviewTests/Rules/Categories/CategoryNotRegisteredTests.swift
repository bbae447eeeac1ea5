import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `CategoryNotRegistered`: a case that triggers the rule and a near miss that must not.
struct CategoryNotRegisteredTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a", "b"]), "c.json": Samples.manifest(["a"]),
        ])
        let findings = fixture.findings("category-not-registered")
        #expect(findings.count == 1, "\(findings)")
        #expect(
            findings.first?.keyPath == "NSExtension.NSExtensionAttributes.UNNotificationExtensionCategory"
                && findings.first?.file?.hasSuffix("Ext/Info.plist") == true)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a", "b"]), "c.json": Samples.manifest(["a", "b"]),
        ])
        #expect(fixture.findings("category-not-registered").isEmpty, "\(fixture.findings("category-not-registered"))")
    }

    /// Code that never registers a category, in a tree of Swift and Objective-C only: the claim
    /// is a warning, and a service extension setting the category a note.
    static let serviceSetsCategory = """
        final class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler handler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.categoryIdentifier = "a"
                handler(content)
            }
        }
        """

    @Test func codeThatRegistersNothingIsAWarning() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]), "Service/NotificationService.swift": Self.serviceSetsCategory,
        ])
        #expect(fixture.findings("category-not-registered").map(\.severity) == [.warning])
        #expect(fixture.findings("assigned-category-unknown").map(\.severity) == [.note])
    }

    /// React Native, Flutter: the categories may be registered from JavaScript or Dart, so the
    /// claim is a note saying so, and a category the service extension sets is no finding.
    @Test(arguments: [
        ("package.json", #"{"name": "app", "dependencies": {"react-native": "0.74.0"}}"#),
        ("lib/main.dart", "void main() {}\n"),
    ])
    func codeInAnotherLanguageMayRegisterThem(file: String, text: String) throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a"]), "Service/NotificationService.swift": Self.serviceSetsCategory,
            file: text,
        ])
        let found = fixture.findings("category-not-registered")
        #expect(found.map(\.severity) == [.note], "\(found)")
        #expect(found.first?.message.contains("JavaScript or Dart code, which lint does not read, may") == true)
        #expect(fixture.findings("assigned-category-unknown").isEmpty)
    }

    /// Swift code that registers categories is read whole: JavaScript beside it changes nothing.
    @Test func swiftRegistrationsBesideJavaScriptAreReadAsUsual() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(["a", "b"]), "App/Register.swift": Samples.swiftRegistration(["a"]),
            "package.json": #"{"name": "app"}"#,
        ])
        #expect(fixture.findings("category-not-registered").map(\.severity) == [.warning])
    }
}
