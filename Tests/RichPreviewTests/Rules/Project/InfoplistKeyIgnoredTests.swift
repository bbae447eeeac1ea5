import Foundation
import RichPreview
import RichPreviewTestSupport
import Testing

/// `InfoplistKeyIgnored`: `INFOPLIST_KEY_UIBackgroundModes` reaches no Info.plist, so an app that
/// relies on it has no remote-notification mode; a key Xcode's generator writes is no finding.
struct InfoplistKeyIgnoredTests {
    static func project(_ settings: [String: String]) throws -> LintFixture {
        var project = ProjectFileText()
        project.targetSettings = settings.merging([
            "GENERATE_INFOPLIST_FILE": "YES", "SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app",
        ]) { $1 }
        return try LintFixture([
            "App.xcodeproj/project.pbxproj": project.text,
            "silent.json": #"{"aps": {"content-available": 1}}"#,
        ])
    }

    @Test func triggers() throws {
        let fixture = try Self.project([
            "INFOPLIST_KEY_UIBackgroundModes": "remote-notification",
            "INFOPLIST_KEY_NSUserActivityTypes": "INSendMessageIntent",
        ])
        let found = fixture.findings("infoplist-key-ignored")
        #expect(found.count == 2 && found.allSatisfy { $0.severity == .warning }, "\(found)")
        #expect(found.first?.message.hasPrefix("INFOPLIST_KEY_NSUserActivityTypes of the target App") == true)
        // The mode never reached the plist, so the silent push never wakes the app.
        #expect(fixture.findings("background-mode-missing").count == 1)
    }

    @Test func nearMissDoesNotTrigger() throws {
        let fixture = try Self.project([
            "INFOPLIST_KEY_CFBundleDisplayName": "App", "INFOPLIST_KEY_NSCameraUsageDescription": "Scans codes",
            "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
        ])
        #expect(fixture.findings("infoplist-key-ignored").isEmpty)
    }

    /// Settings of keys that no notification depends on (a display name the generator takes
    /// from `PRODUCT_NAME` anyway) are left alone, though the generator ignores them too.
    @Test func ignoredKeysNotificationsDoNotNeedAreNoFinding() throws {
        let fixture = try Self.project([
            "INFOPLIST_KEY_CFBundleName": "App", "INFOPLIST_KEY_NSHumanReadableCopyright": "©",
        ])
        #expect(fixture.findings("infoplist-key-ignored").isEmpty)
    }

    /// An iOS target in a project whose `SDKROOT` is `macosx` builds for iOS when its
    /// `SUPPORTED_PLATFORMS` say so; a macOS target stays out of iOS rules.
    @Test(arguments: [("iphoneos iphonesimulator", 1), ("", 0), ("macosx", 0)])
    func theSupportedPlatformsDecideOverAMacSDK(supported: String, expected: Int) throws {
        var settings = ["INFOPLIST_KEY_UIBackgroundModes": "remote-notification", "SDKROOT": "macosx"]
        if !supported.isEmpty { settings["SUPPORTED_PLATFORMS"] = supported }
        var project = ProjectFileText()
        project.targetSettings = settings.merging(["GENERATE_INFOPLIST_FILE": "YES"]) { $1 }
        let fixture = try LintFixture(["App.xcodeproj/project.pbxproj": project.text])
        #expect(fixture.findings("infoplist-key-ignored").count == expected, "\(supported)")
    }
}
