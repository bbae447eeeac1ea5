import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PlistDuplicateKey`: a key written twice in one dictionary of an XML plist, and the near misses
/// (the same key in two dictionaries, a binary plist, which cannot hold one twice).
struct PlistDuplicateKeyTests {
    @Test func triggers() throws {
        // The first DefaultContentHidden is a string (bool-as-string would say so), the second wins.
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"],
                extra: """
                    <key>UNNotificationExtensionDefaultContentHidden</key><string>YES</string>
                    <key>UNNotificationExtensionDefaultContentHidden</key><true/>
                    """)
        ])
        let found = fixture.findings("plist-duplicate-key")
        #expect(
            found.map(\.keyPath) == ["NSExtension.NSExtensionAttributes.UNNotificationExtensionDefaultContentHidden"],
            "\(found)")
        #expect(found.first?.line == 20 && found.first?.severity == .warning, "\(found)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Samples.content(
                ["a"], extra: "<key>Inner</key><dict><key>CFBundleIdentifier</key><string>x</string></dict>")
        ])
        #expect(fixture.findings("plist-duplicate-key").isEmpty)
    }
}

extension PlistDuplicateKeyTests {
    /// An app's own Info.plist is read the same way: a key written twice is said, once.
    @Test func anAppPlistsRepeatIsSaid() throws {
        let app = Samples.app(modes: ["remote-notification"]).replacingOccurrences(
            of: "\t<key>LSRequiresIPhoneOS</key>",
            with:
                "\t<key>NSCameraUsageDescription</key>\n\t<string>x</string>\n\t<key>NSCameraUsageDescription</key>\n\t<string>x</string>\n\t<key>LSRequiresIPhoneOS</key>"
        )
        let fixture = try LintFixture(["App/Info.plist": app])
        let found = fixture.findings("plist-duplicate-key")
        #expect(found.map(\.keyPath) == ["NSCameraUsageDescription"] && found.first?.line == 8, "\(found)")
    }
}
