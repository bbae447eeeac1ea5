import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `ExtensionPointUnknown`: a case that triggers the rule and a near miss that must not.
struct ExtensionPointUnknownTests {
    @Test func triggers() throws {
        let fixture = try LintFixture([
            // A misspelt notification point, and another point with a content extension's attributes.
            "Misspelt/Info.plist": Samples.extensionPlist(
                point: "com.apple.usernotifications.content-extention", entry: Samples.storyboard, attributes: nil),
            "Meant/Info.plist": Samples.extensionPlist(
                point: "com.apple.widgetkit-extension", entry: Samples.storyboard,
                attributes: "<key>UNNotificationExtensionCategory</key><string>a</string>"),
        ])
        let findings = fixture.findings("extension-point-unknown").sorted { ($0.file ?? "") < ($1.file ?? "") }
        #expect(findings.count == 2, "\(findings)")
        #expect(findings.allSatisfy { $0.keyPath == "NSExtension.NSExtensionPointIdentifier" && $0.severity == .error })
        #expect(findings.first?.line == 9)
    }

    @Test func nearMissDoesNotTrigger() throws {
        // Widgets, share and intents extensions are other kinds of extension, none of lint's business.
        var files = ["Ext/Info.plist": Samples.content(["a"])]
        for point in [
            "com.apple.widgetkit-extension", "com.apple.share-services", "com.apple.intents-service",
            "com.apple.watchkit", "com.apple.networkextension.app-push",
        ] {
            files["\(point)/Info.plist"] = Samples.extensionPlist(
                point: point, entry: Samples.storyboard, attributes: nil)
        }
        let fixture = try LintFixture(files)
        #expect(fixture.findings("extension-point-unknown").isEmpty, "\(fixture.findings("extension-point-unknown"))")
        #expect(fixture.lint().count(.error) == 0 && fixture.lint().count(.warning) == 0)
    }

    @Test func aPlistNamedAsAnExtensionMustBeANotificationExtension() throws {
        let widget = Samples.extensionPlist(
            point: "com.apple.widgetkit-extension", entry: Samples.storyboard, attributes: nil)
        let report = ExtensionConfig.check(Data(widget.utf8), file: "Widget/Info.plist")
        #expect(report.findings.map(\.rule) == ["extension-point-unknown"] && report.config == nil)
    }
}
