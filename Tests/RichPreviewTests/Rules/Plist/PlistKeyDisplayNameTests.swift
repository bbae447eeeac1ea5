import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `PlistKeyDisplayName`: App Transport Security written with Xcode's display names, at the top
/// and nested, and the near miss written with the keys iOS reads.
struct PlistKeyDisplayNameTests {
    static func plist(_ transportSecurity: String) -> String {
        let content = Samples.content(["a"])
        return content.replacingOccurrences(
            of: "\t<key>NSExtension</key>", with: transportSecurity + "\n\t<key>NSExtension</key>")
    }

    @Test func triggers() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Self.plist(
                "<key>App Transport Security Settings</key><dict><key>Allow Arbitrary Loads</key><true/></dict>")
        ])
        let found = fixture.findings("plist-key-display-name").sorted { ($0.keyPath ?? "") < ($1.keyPath ?? "") }
        #expect(
            found.map(\.keyPath) == [
                "App Transport Security Settings", "App Transport Security Settings.Allow Arbitrary Loads",
            ]
                && found.map(\.suggestion) == ["NSAppTransportSecurity", "NSAllowsArbitraryLoads"], "\(found)")
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    /// The name as an older editor's row prefix left it, and a key alone at the top.
    @Test func aPrefixedNameAndATopLevelKeyCount() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Self.plist(
                "<key>Allow Arbitrary Loads</key><true/><key>Application Application App Transport Security Settings</key><dict/>"
            )
        ])
        let found = fixture.findings("plist-key-display-name").compactMap(\.suggestion).sorted()
        #expect(found == ["NSAllowsArbitraryLoads", "NSAppTransportSecurity"], "\(found)")
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try LintFixture([
            "Ext/Info.plist": Self.plist(
                "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>")
        ])
        #expect(fixture.findings("plist-key-display-name").isEmpty, "\(fixture.findings("plist-key-display-name"))")
    }
}
